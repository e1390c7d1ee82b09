import type { Composition } from '../composition.ts';
import { givePublicKeys } from './carrier-keys.ts';
import { assertWritable, openDatabase, type AppliedMigration, type Sql } from './database.ts';
import { seedDatabase } from './seed.ts';
import type { StoreConfig } from './sql.ts';
import { fillListColumns } from './travels-repo.ts';

export interface PrepareOptions {
  onMigration: (step: AppliedMigration) => void;
  onIdleError?: (error: Error) => void;
  composition?: Composition;
}

/**
 * Everything a release does to a database before it serves: the schema brought up to this
 * release's (refusing a later one), the catalogue, and the one-time fills of earlier upgrades.
 * The server's start and `transport-quote-server migrate` run the same steps, so a start after
 * `migrate` changes nothing more.
 */
export async function prepareDatabase(store: StoreConfig, { onMigration, onIdleError, composition }: PrepareOptions): Promise<Sql> {
  const sql = await openDatabase(store, onIdleError, { onMigration });
  try {
    await assertWritable(sql);
    await seedDatabase(sql);
    await composition?.seed(sql);
    // Bookings written before the back office get its list's columns (once).
    await fillListColumns(sql);
    // Companies made before public keys get one (once).
    await givePublicKeys(sql);
    return sql;
  } catch (error) {
    await sql.close().catch(() => {});
    throw error;
  }
}
