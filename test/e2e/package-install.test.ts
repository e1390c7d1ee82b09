// The package as an integrator meets it: `npm pack`, installed from the tarball into (1) a plain
// HTML page that adds the wizard with one script tag and (2) a fresh Vite + React 19 + TypeScript
// app that renders it with typed attributes and events. Both are opened in Chromium and a
// visitor completes the first panel.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT, startServer } from '../../server/test/api/support.ts';
import { launchBrowser, openPage, resolveAddress, watchPage } from './support.ts';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const project = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** A carrier's fresh app, as `npm create vite -- --template react-ts` lays it out, reduced to what renders the wizard. */
const APP_FILES = {
  'index.html': `<!doctype html>
<html lang="fr">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Devis (app React)</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`,
  'vite.config.ts': `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
export default defineConfig({ plugins: [react()], base: '/app/' });
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['vite/client'],
    },
    include: ['src'],
  }),
  'src/main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
  'src/App.tsx': `import { useState } from 'react';
import 'transport-quote-wizard';
import 'transport-quote-wizard/react';

const api = new URLSearchParams(location.search).get('api') ?? location.origin;

export function App() {
  const [step, setStep] = useState<number | null>(null);
  return (
    <main>
      <h1>Devis en ligne</h1>
      <transport-quote-wizard
        apiBase={api}
        mapsProvider="local"
        onnext_step={(event) => setStep(event.detail.step)}
        ontravel_creation_succeed={(event) => console.log(event.detail.travelId)}
      />
      <p role="status">{step === null ? 'Aucune étape franchie' : \`Étape atteinte : \${step}\`}</p>
    </main>
  );
}
`,
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** Serves the built app under /app/ and the rest of the carrier's folder (its node_modules included) as they are. */
function staticServer(appDir) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://localhost');
    const relative = url.pathname.startsWith('/app/')
      ? path.join('dist', url.pathname.slice('/app/'.length) || 'index.html')
      : url.pathname.slice(1);
    const file = path.join(appDir, relative);
    if (!file.startsWith(appDir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The first panel, as a visitor completes it: two addresses, then Suivant, and the items panel opens. */
async function completeFirstPanel(page) {
  await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
  await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('heading', { name: 'Vos objets' }).waitFor();
}

describe('the package installed from its tarball', () => {
  const app = mkdtempSync(path.join(tmpdir(), 'tqw-carrier-'));
  let api;
  let site;
  let browser;
  const tsc = () =>
    execFileSync(process.execPath, [path.join(app, 'node_modules/typescript/bin/tsc'), '-p', app], { stdio: 'pipe', encoding: 'utf8' });

  before(async () => {
    const [{ filename }] = JSON.parse(
      execFileSync(npm, ['pack', '--json', '--pack-destination', app], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
    for (const [file, text] of Object.entries(APP_FILES)) {
      mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
      writeFileSync(path.join(app, file), text);
    }
    writeFileSync(
      path.join(app, 'package.json'),
      JSON.stringify({
        name: 'carrier-site',
        private: true,
        type: 'module',
        dependencies: { 'transport-quote-wizard': `file:./${filename}`, react: '^19.2.0', 'react-dom': '^19.2.0' },
        devDependencies: {
          vite: '^8.0.0',
          '@vitejs/plugin-react': '^6.0.0',
          typescript: project.devDependencies.typescript,
          '@types/react': '^19.2.0',
          '@types/react-dom': '^19.2.0',
        },
      }),
    );
    // From the registry, as a carrier's machine would (the npm cache answers what it already holds).
    execFileSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: app, stdio: 'pipe' });
    [api, site, browser] = await Promise.all([startServer(), staticServer(app), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    site?.close();
    await api?.stop();
    rmSync(app, { recursive: true, force: true });
  });

  const siteBase = () => `http://127.0.0.1:${site.address().port}`;

  /** A carrier's page holding the wizard and the one script from `scriptSrc`, visited through the first panel. */
  async function visitCarrierPage(file, scriptSrc) {
    writeFileSync(
      path.join(app, file),
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Devis</title></head><body>
<transport-quote-wizard api-base="${api.base}" maps-provider="local"></transport-quote-wizard>
<script src="${scriptSrc}"></script>
</body></html>`,
    );
    const page = await openPage(browser, { viewport: { width: 1000, height: 1200 } });
    const problems = watchPage(page);
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    await page.goto(`${siteBase()}/${file}`);
    await completeFirstPanel(page);
    await page.close();
    return { problems, failed };
  }

  it('a plain HTML page adds the wizard with one script tag from node_modules, and a visitor completes the first panel', async () => {
    const { problems } = await visitCarrierPage('plain.html', '/node_modules/transport-quote-wizard/dist/transport-quote-wizard.js');
    assert.deepEqual(problems, []);
  });

  it('a carrier page on its own domain loads the one script from the booking server, which serves its modules cross-origin', async () => {
    const { problems, failed } = await visitCarrierPage('cdn.html', `${api.base}/dist/transport-quote-wizard.js`);
    assert.deepEqual(failed, []);
    assert.deepEqual(problems, []);
  });

  it('a Vite + React 19 + TypeScript app type-checks its attributes and events, and a typo in an attribute fails', () => {
    try {
      tsc();
    } catch (error) {
      assert.fail(`the app does not type-check:\n${error.stdout}${error.stderr}`);
    }
    const typo = path.join(app, 'src/Typo.tsx');
    writeFileSync(
      typo,
      `import 'transport-quote-wizard/react';\nexport const Typo = () => <transport-quote-wizard apiBse="https://api.example" />;\n`,
    );
    try {
      assert.throws(tsc, (error) => /apiBse/.test((error as { stdout: string }).stdout), 'a misspelt attribute type-checks');
    } finally {
      rmSync(typo);
    }
  });

  it('the Vite build of the React app renders the wizard, a visitor completes the first panel and the app hears next_step', async () => {
    execFileSync(process.execPath, [path.join(app, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
      cwd: app,
      stdio: 'pipe',
    });
    const page = await openPage(browser, { viewport: { width: 1000, height: 1200 } });
    const problems = watchPage(page);
    await page.goto(`${siteBase()}/app/?api=${encodeURIComponent(api.base)}`);
    await page.getByRole('heading', { name: 'Devis en ligne' }).waitFor();
    await completeFirstPanel(page);
    await page.getByRole('status').filter({ hasText: 'Étape atteinte : ' }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });
});
