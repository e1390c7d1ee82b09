// Builds the server's package into server/dist: its commands, its composition entry, its workers,
// its stylesheets and the WordPress plugin it offers for download. The root build.mjs calls it;
// `npm run build --workspace server` runs it alone (after the root's build for the elements the
// server serves).
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipFolder } from './zip-folder.mjs';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository: the server is built from source beside the domain it imports. */
const repositoryRoot = path.resolve(serverRoot, '..');
export const serverDist = path.join(serverRoot, 'dist');

/** The WordPress plugin (integrations/), zipped into the server's package, which offers it for download. */
const wordpressPlugin = path.join(repositoryRoot, 'integrations', 'wordpress', 'transport-quote');
const pluginZip = path.join(serverDist, 'integrations', 'wordpress', 'transport-quote.zip');

/**
 * The devis PDF's faces (server/pages/devis-pdf-fonts.ts: DEVIS_FONT_FILES), from the
 * development package @embedpdf/fonts-latin (Noto Sans, SIL Open Font License 1.1), with the
 * licence the OFL asks to travel with them: the server's package ships these two files, not
 * the package's eighteen faces.
 */
const devisFonts = ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf'];
function copyDevisFonts() {
  const fontPackage = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-latin')), '..');
  const target = path.join(serverDist, 'fonts');
  mkdirSync(target, { recursive: true });
  for (const file of devisFonts) cpSync(path.join(fontPackage, 'fonts', file), path.join(target, file));
  cpSync(path.join(fontPackage, 'LICENSE'), path.join(target, 'OFL.txt'));
}

export const serverBuildOptions = {
  entryPoints: {
    main: 'server/main.ts',
    // What a composition (the demo) starts the server with: transport-quote-server/compose.
    compose: 'server/compose.ts',
    // The checkpoint worker is its own file: a worker thread starts from a module of its own.
    'sqlite-checkpointer': 'server/db/sqlite-checkpointer.ts',
    carrier: 'server/cli/carrier.ts',
    // The backup and restore commands (transport-quote-db).
    db: 'server/cli/db.ts',
    // The pricing-code sandbox's worker thread.
    'pool-worker': 'server/pricing/pool-worker.ts',
    // The devis PDFs' worker threads (pages/devis-pdf-pool.ts).
    'devis-pdf-worker': 'server/pages/devis-pdf-worker.ts',
  },
  bundle: true,
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // main and compose share the server's code in one chunk, beside them in dist/ (the workers and
  // stylesheets are found from there).
  splitting: true,
  chunkNames: '[name]-[hash]',
  packages: 'external',
  // The domain is part of the server's build, not an installed package (tsconfig's paths say the same to tsc).
  alias: { 'transport-quote-wizard/domain': './src/domain/index.ts' },
  outExtension: { '.js': '.mjs' },
  outdir: serverDist,
  minify: false,
  // The server's bin scripts run directly.
  banner: { js: '#!/usr/bin/env node' },
};

export async function buildServer() {
  rmSync(serverDist, { recursive: true, force: true });
  await build({ ...serverBuildOptions, absWorkingDir: repositoryRoot });
  // The server's stylesheets (dashboard, devis, back office) travel with its package.
  cpSync(path.join(serverRoot, 'assets'), path.join(serverDist, 'assets'), { recursive: true });
  copyDevisFonts();
  // The WordPress plugin, zipped for a carrier's site: the server offers it at /integrations/wordpress/transport-quote.zip.
  mkdirSync(path.dirname(pluginZip), { recursive: true });
  writeFileSync(pluginZip, zipFolder(wordpressPlugin, 'transport-quote'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildServer().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
