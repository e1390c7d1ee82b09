// A module of the server's TypeScript source, bundled by esbuild and imported, for the tests
// that need a piece of the server rather than the built whole (the migrations as the source
// declares them, the PostgreSQL store and its readiness probe). The bundle is written under
// node_modules/.cache so its own imports (pg, better-sqlite3) resolve as the server's do.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './support.ts';

/** `exports` maps each name to its source file: { openPostgres: 'server/db/postgres-sql.ts' }. */
export async function importServerSource(exports: Record<string, string>) {
  const contents = Object.entries(exports)
    .map(([name, file]) => `export { ${name} } from ${JSON.stringify(path.join(ROOT, file))};`)
    .join('\n');
  const folder = path.join(ROOT, 'node_modules/.cache/tqw-server-source');
  mkdirSync(folder, { recursive: true });
  const outfile = path.join(folder, `${createHash('sha256').update(contents).digest('hex').slice(0, 16)}-${process.pid}.mjs`);
  await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The domain is bundled with the server, as its build does.
    alias: { 'transport-quote-wizard/domain': path.join(ROOT, 'src/domain/index.ts') },
    outfile,
    logLevel: 'silent',
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    // Loaded: the module and its imports are in memory, the file is no longer needed.
    rmSync(outfile, { force: true });
  }
}
