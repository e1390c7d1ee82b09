// Starts the built reference server for the browser suites and tells them its address at
// /__api-base. The API answers CORS, so the test page (another port) can call it.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

// The API suites' TypeScript helpers, read through tsx: web-test-runner loads this file without it.
const { GENEROUS_LIMITS } = await tsImport('../../server/test/api/support.ts', import.meta.url);

export function referenceServerPlugin({ rootDir = process.cwd() } = {}) {
  let child = null;
  let base = null;
  return {
    name: 'reference-server',
    async serverStart() {
      const databasePath = path.join(mkdtempSync(path.join(tmpdir(), 'tqw-wtr-')), 'browser-tests.sqlite');
      child = spawn(process.execPath, [path.join(rootDir, 'demo/dist/main.mjs')], {
        env: {
          ...process.env,
          ...GENEROUS_LIMITS,
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_PATH: databasePath,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          // The public pages of the browser tests list these grids (without code): the server has them too.
          PUBLIC_PRICING_FILE: path.join(rootDir, 'server/test/fixtures/public-pricing.json'),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      base = await new Promise((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error('reference server did not start')), 20000);
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const ready = /READY (http:\/\/\S+)/.exec(out);
          if (ready) {
            clearTimeout(timer);
            resolve(ready[1]);
          }
        });
        child.once('exit', (code) => reject(new Error(`reference server exited (${code})`)));
      });
    },
    async serverStop() {
      child?.kill('SIGTERM');
    },
    serve(context) {
      if (context.path === '/__api-base') return { body: JSON.stringify({ base }), type: 'json' };
      return undefined;
    },
  };
}
