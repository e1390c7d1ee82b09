// What an integrator installs: npm pack gives a package whose exports exist, whose domain
// module imports in Node, and whose declarations type-check a consumer.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './support.ts';

/** A consumer's strict TypeScript project in `dir` checking `file`: tsc's output, or it throws with it. */
function typeCheck(dir, file, extra = {}) {
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        noEmit: true,
        types: [],
        ...extra,
      },
      include: [file],
    }),
  );
  return execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], {
    stdio: 'pipe',
    encoding: 'utf8',
  });
}

describe('npm package', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'tqw-pack-'));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const [{ filename }] = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  );
  const modules = path.join(work, 'consumer', 'node_modules');
  mkdirSync(modules, { recursive: true });
  execFileSync('tar', ['xzf', path.join(work, filename), '-C', modules]);
  execFileSync('mv', [path.join(modules, 'package'), path.join(modules, 'transport-quote-wizard')]);
  const installed = path.join(modules, 'transport-quote-wizard');
  const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));

  it('every export target is in the package, and nothing of the server is', () => {
    for (const target of Object.values(manifest.exports)) {
      for (const file of typeof target === 'string' ? [target] : Object.values(target as Record<string, string>)) {
        assert.ok(existsSync(path.join(installed, file)), file);
      }
    }
    assert.ok(!existsSync(path.join(installed, 'dist/server')), 'the demo server is not shipped');
    assert.ok(existsSync(path.join(installed, 'custom-elements.json')));
  });

  it('the domain module prices in Node exactly as the wizard does', async () => {
    const domain = await import(path.join(installed, 'dist/domain/index.js'));
    assert.equal(domain.litePrice({ distance: 20000, duration: 3600, volume: 6, items: [], vat: 0.2 }), 59);
    assert.equal(domain.poolDefectMessage('X'), 'La grille de [X] présente un défaut technique, contactez son responsable');
  });

  it('the declarations type-check an integrator’s TypeScript', () => {
    for (const dependency of ['valibot', 'luxon', '@types/luxon']) {
      const link = path.join(modules, dependency);
      mkdirSync(path.dirname(link), { recursive: true });
      symlinkSync(path.join(ROOT, 'node_modules', dependency), link);
    }
    const consumer = path.join(work, 'consumer');
    writeFileSync(
      path.join(consumer, 'index.ts'),
      `
import { litePrice, TravelPayloadSchema } from 'transport-quote-wizard/domain';
import type { TransportQuoteWizardElement } from 'transport-quote-wizard';
import 'transport-quote-wizard/lite';
const el: TransportQuoteWizardElement = document.createElement('transport-quote-wizard');
el.apiBase = 'https://api.example';
el.addEventListener('travel_creation_succeed', (event) => console.log(event.detail.token, event.detail.travelId));
const price: number = litePrice({ distance: 1000, duration: 60, volume: 1, items: [], vat: 0.2 });
export const used = [price, TravelPayloadSchema];
`,
    );
    try {
      typeCheck(consumer, 'index.ts');
    } catch (error) {
      assert.fail(`the consumer does not type-check:\n${error.stdout}${error.stderr}`);
    }
  });

  it('a React 19 app gets typed JSX for both tags: attributes, data properties and events; a typo in an attribute fails', () => {
    for (const dependency of ['@types/react', 'csstype']) {
      const link = path.join(modules, dependency);
      if (existsSync(link)) continue;
      mkdirSync(path.dirname(link), { recursive: true });
      symlinkSync(path.join(ROOT, 'node_modules', dependency), link);
    }
    const app = path.join(work, 'consumer', 'react-app');
    mkdirSync(app, { recursive: true });
    const page = (attribute) => `
import 'transport-quote-wizard';
import 'transport-quote-wizard/lite';
import 'transport-quote-wizard/react';
export function Booking({ onBooked }: { onBooked: (token: string) => void }) {
  return (
    <>
      <transport-quote-wizard
        ${attribute}="https://api.example"
        mapsProvider="geoplateforme"
        companyStore={{ company_mode: false }}
        ontravel_creation_succeed={(event) => onBooked(event.detail.token)}
        onnext_step={(event) => console.log(event.detail.step + 1)}
      />
      <transport-quote-lite apiBase="https://api.example" />
    </>
  );
}
`;
    const check = () => typeCheck(app, 'app.tsx', { jsx: 'react-jsx', typeRoots: [] });
    writeFileSync(path.join(app, 'app.tsx'), page('apiBase'));
    try {
      check();
    } catch (error) {
      assert.fail(`the React app does not type-check:\n${error.stdout}${error.stderr}`);
    }
    writeFileSync(path.join(app, 'app.tsx'), page('apiBse'));
    assert.throws(check, (error) => /apiBse/.test((error as { stdout: string }).stdout), 'a misspelt attribute type-checks');
  });
});
