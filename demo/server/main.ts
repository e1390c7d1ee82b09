import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { limitsFromEnv, type ServerLimits } from './config/limits.ts';
import { assertWritable, openDatabase, type Sql } from './db/database.ts';
import { seedDatabase } from './db/seed.ts';
import { describeStore, storeFromEnv } from './db/sql.ts';
import { createApp } from './app.ts';

/** dist/server/main.mjs → the project root, two folders up. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
// The embedded SQLite file unless DATABASE_URL names a PostgreSQL database.
const store = storeFromEnv(process.env, path.join(root, 'data', 'transport-quote.sqlite'));

/** A start that cannot work stops at once, saying why, rather than failing at the first booking. */
function refuseToStart(reason: string): never {
  process.stderr.write(`Démarrage impossible : ${reason}\n`);
  process.exit(1);
}

let limits: ServerLimits;
try {
  limits = limitsFromEnv();
} catch (error) {
  refuseToStart(error instanceof Error ? error.message : String(error));
}
let sql: Sql;
try {
  sql = await openDatabase(store, (error) =>
    process.stderr.write(`PostgreSQL : connexion perdue (${error.message}), une autre sera ouverte\n`),
  );
  await assertWritable(sql);
  await seedDatabase(sql);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  refuseToStart(
    store.kind === 'sqlite'
      ? `la base ${store.file} ne peut pas être ouverte en écriture (${reason}). Vérifiez les droits du fichier et de son dossier, ou choisissez-en un autre avec DATABASE_PATH.`
      : `la base PostgreSQL de DATABASE_URL ne répond pas ou refuse l’écriture (${reason}). Vérifiez l’adresse, le rôle et ses droits.`,
  );
}
const app = await createApp({ sql, root, logLevel: process.env.LOG_LEVEL ?? 'info', limits });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} reçu : arrêt`);
  await app.close();
  await sql.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port, host });
const address = app.server.address();
const base = `http://${host === '0.0.0.0' ? 'localhost' : host}:${typeof address === 'object' && address ? address.port : port}`;
// One machine-readable line first (tests read it), then what a person needs.
process.stdout.write(`READY ${base}\n`);
process.stdout.write(
  [
    '',
    'Transport quote wizard : serveur de démonstration prêt',
    `  Page CMS (visiteur)          ${base}/`,
    `  Intranet transporteur        ${base}/company.html`,
    `  Hôte iframe (messages)       ${base}/iframe-host.html`,
    `  Variante légère              ${base}/lite.html`,
    `  Page sous CSP stricte        ${base}/csp.html`,
    `  Modifier une réservation     ${base}/edit.html?id=…&token=…`,
    `  Référence des éléments       ${base}/docs.html`,
    `  API (OpenAPI)                ${base}/api/v1/openapi.json`,
    `  Base de données              ${describeStore(store)}`,
    '',
  ].join('\n'),
);
