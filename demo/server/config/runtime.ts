import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server runs from and what it serves. The build puts the server in
 * demo/server/dist/ (its own package) with a copy of the demo pages beside it; the element
 * scripts it serves belong to the elements' package (transport-quote-wizard).
 */
export interface Runtime {
  /** Demo companies seeded and demo pages served: `npm start`, never a production start. */
  demo: boolean;
  /** The elements' package: its dist/ (scripts, chunks, worker) and custom-elements.json. */
  elementsDir: string;
  /** The files of demo/pages (the demo pages, and the dashboard's stylesheet), copied next to the server by the build. */
  pagesDir: string;
  /** This server package's dist/ folder. */
  serverDir: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Demo only when asked: DEMO=1 or DEMO=0 decides; without it, any start but a production one
 * (NODE_ENV=production) is the demo, so `npm start` stays the README's one-command demo.
 */
export function isDemo(env: NodeJS.ProcessEnv): boolean {
  const flag = env.DEMO?.trim();
  if (flag === '1' || flag === 'true') return true;
  if (flag === '0' || flag === 'false') return false;
  if (flag !== undefined && flag !== '') throw new Error(`DEMO doit valoir 1 ou 0 (reçu « ${flag} »)`);
  return env.NODE_ENV !== 'production';
}

const isElementsPackage = (dir: string) => {
  const manifest = path.join(dir, 'package.json');
  return existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'transport-quote-wizard';
};

/**
 * The elements' package: ELEMENTS_DIR when set, else the installed `transport-quote-wizard`
 * package, else (in the repository) the workspace root three folders up from dist/.
 */
export function findElementsDir(env: NodeJS.ProcessEnv, serverDir = here): string {
  if (env.ELEMENTS_DIR?.trim()) return path.resolve(env.ELEMENTS_DIR);
  try {
    return path.dirname(createRequire(path.join(serverDir, 'main.mjs')).resolve('transport-quote-wizard/package.json'));
  } catch {
    const repositoryRoot = path.resolve(serverDir, '..', '..', '..');
    if (isElementsPackage(repositoryRoot)) return repositoryRoot;
  }
  throw new Error(
    'le paquet des éléments (transport-quote-wizard) est introuvable : installez-le à côté du serveur ou indiquez son dossier avec ELEMENTS_DIR',
  );
}

export function runtimeFromEnv(env: NodeJS.ProcessEnv): Runtime {
  return { demo: isDemo(env), elementsDir: findElementsDir(env), pagesDir: path.join(here, 'pages'), serverDir: here };
}
