// A web-test-runner plugin that answers requests for *.test.ts(x) files with one
// esbuild bundle of the test and everything it imports (React, jotai, chai...).
import { build } from 'esbuild';
import path from 'node:path';

const TEST_FILE = /\.test\.tsx?$/;

export function esbuildBundlePlugin({ rootDir = process.cwd() } = {}) {
  return {
    name: 'esbuild-bundle-tests',
    async serve(context) {
      if (!TEST_FILE.test(context.path)) return undefined;
      const entry = path.join(rootDir, decodeURIComponent(context.path));
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        format: 'esm',
        write: false,
        sourcemap: 'inline',
        jsx: 'automatic',
        target: 'es2022',
        loader: { '.css': 'text' },
        define: { 'process.env.NODE_ENV': '"development"', __TQW_WORKER_PATH__: '"/dist/pricing-worker.js"' },
        external: ['/__web-dev-server__web-socket.js'],
        logLevel: 'silent',
      });
      return { body: result.outputFiles[0].text, type: 'js' };
    },
  };
}
