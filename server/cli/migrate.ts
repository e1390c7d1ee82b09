import { loadConfiguration, serverStore } from '../config/configuration.ts';
import { SCHEMA_VERSION, SchemaTooNewError } from '../db/database.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { describeStore } from '../db/sql.ts';
import { lifeLog, logLevelFromEnv, serverLogger, writeJsonLine } from '../ops/log.ts';

/**
 * `transport-quote-server migrate`: the database brought to this release's schema, the same
 * steps as the server's start (db/prepare.ts), then the process ends; nothing is served. Its
 * lines are the server's (JSON, the same events), so a deployment's log reads them alike.
 * Returns the exit code: 0 done, 1 refused (a later schema, a database that cannot be written).
 */
export async function runMigrate(): Promise<number> {
  let life;
  try {
    loadConfiguration();
    life = lifeLog(serverLogger(logLevelFromEnv(process.env)));
  } catch (error) {
    writeJsonLine('fatal', `Mise à jour impossible\u00a0: ${(error as Error).message}`, {
      event: 'migrate-refused',
      reason: 'configuration',
    });
    return 1;
  }
  const store = serverStore();
  let applied = 0;
  try {
    const sql = await prepareDatabase(store, {
      onMigration: ({ version, latest, summary }) => {
        applied += 1;
        life.info(
          { event: 'migration', version, latest },
          `Base de données\u00a0: schéma mis à jour en version ${version}/${latest} (${summary})`,
        );
      },
    });
    await sql.close();
  } catch (error) {
    const reason = error instanceof SchemaTooNewError ? 'schema-too-new' : 'database';
    life.fatal({ event: 'migrate-refused', reason }, `Mise à jour impossible\u00a0: ${(error as Error).message}`);
    return 1;
  }
  life.info(
    { event: 'migrated', version: SCHEMA_VERSION, applied, database: describeStore(store) },
    applied === 0
      ? `Base de données déjà à jour\u00a0: schéma version ${SCHEMA_VERSION} (${describeStore(store)})`
      : `Base de données à jour\u00a0: schéma version ${SCHEMA_VERSION}, ${applied} étape${applied > 1 ? 's' : ''} appliquée${applied > 1 ? 's' : ''} (${describeStore(store)})`,
  );
  return 0;
}
