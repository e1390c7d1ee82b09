import type { FastifyInstance } from 'fastify';
import type { CompanyDataInput } from 'transport-quote-wizard/domain';
import type { ItemCatalogue } from './db/items-repo.ts';
import type { Sql } from './db/sql.ts';

/** What a composition's pages may read of the server they are added to. */
export interface CompositionContext {
  sql: Sql;
  catalogue: ItemCatalogue;
  /** The elements' package: its dist/ and custom-elements.json. */
  elementsDir: string;
}

/**
 * What a start adds to the production server: the demo (demo/main.ts) brings its companies,
 * accounts, pages and banner. The server's own commands start with none, so no variable
 * forgotten by a carrier can put the demo on the internet.
 */
export interface Composition {
  /** Said in the start's banner and the 404 page. */
  name: string;
  /** Run once the database is migrated and the catalogue seeded; must change nothing on a second start. */
  seed(sql: Sql): Promise<void>;
  /** The public pages' records when PUBLIC_PRICING_FILE is not set. */
  publicPricing: CompanyDataInput;
  /** Its pages and their files, registered after the API. */
  routes(app: FastifyInstance, context: CompositionContext): Promise<void>;
  /** What a person needs to read at start: one line of the log each, written before the READY line. */
  banner(base: string): string[];
}
