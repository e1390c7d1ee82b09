import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server runs from and what it serves. The build puts the server in
 * server/dist/ (its own package) with its stylesheets beside it; the element
 * scripts it serves belong to the elements' package (transport-quote-wizard).
 */
export interface Runtime {
  /** Started by the demo's composition (`npm start`): the configuration's demo defaults apply. */
  demo: boolean;
  /** The elements' package: its dist/ (scripts, chunks, worker) and custom-elements.json. */
  elementsDir: string;
  /** The server's stylesheets (dashboard, devis, back office), copied into dist/assets by the build. */
  assetsDir: string;
  /** This server package's dist/ folder. */
  serverDir: string;
  /**
   * Whether the element scripts' source maps are served: SERVE_SOURCE_MAPS=1 or 0; by default
   * in the demo only (production serves the scripts without what rebuilds their sources).
   */
  serveSourceMaps?: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The server's own commands are production whatever the environment says: the demo is
 * demo/main.ts (`npm start`). A DEMO variable left from an earlier version is refused, rather
 * than silently starting something else than what its author expected.
 */
function refuseDemoFlag(env: NodeJS.ProcessEnv, demo: boolean): void {
  const flag = env.DEMO?.trim();
  if (demo || flag === undefined || flag === '' || flag === '0' || flag === 'false') return;
  throw new Error(`DEMO=${flag} : ce serveur démarre toujours en production ; la démonstration se lance depuis le dépôt avec npm start`);
}

const isElementsPackage = (dir: string) => {
  const manifest = path.join(dir, 'package.json');
  return existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'transport-quote-wizard';
};

/**
 * The elements' package: ELEMENTS_DIR when set, else the installed `transport-quote-wizard`
 * package, else (in the repository) the workspace root two folders up from server/dist/.
 */
export function findElementsDir(env: NodeJS.ProcessEnv, serverDir = here): string {
  if (env.ELEMENTS_DIR?.trim()) return path.resolve(env.ELEMENTS_DIR);
  try {
    return path.dirname(createRequire(path.join(serverDir, 'main.mjs')).resolve('transport-quote-wizard/package.json'));
  } catch {
    const repositoryRoot = path.resolve(serverDir, '..', '..');
    if (isElementsPackage(repositoryRoot)) return repositoryRoot;
  }
  throw new Error(
    'le paquet des éléments (transport-quote-wizard) est introuvable : installez-le à côté du serveur ou indiquez son dossier avec ELEMENTS_DIR',
  );
}

/** `demo`: a composition (demo/main.ts) started the server. */
export function runtimeFromEnv(env: NodeJS.ProcessEnv, demo: boolean): Runtime {
  refuseDemoFlag(env, demo);
  const maps = env.SERVE_SOURCE_MAPS?.trim();
  if (maps && !['0', '1', 'true', 'false'].includes(maps)) throw new Error(`SERVE_SOURCE_MAPS doit valoir 1 ou 0 (reçu « ${maps} »)`);
  const serveSourceMaps = maps ? maps === '1' || maps === 'true' : demo;
  return { demo, elementsDir: findElementsDir(env), assetsDir: path.join(here, 'assets'), serverDir: here, serveSourceMaps };
}
