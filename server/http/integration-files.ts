import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the build writes the WordPress plugin's zip in this package: dist/integrations/wordpress/. */
export const WORDPRESS_PLUGIN_ZIP = path.join('integrations', 'wordpress', 'transport-quote.zip');

/**
 * The WordPress plugin (integrations/wordpress/transport-quote), zipped by the build into this
 * package, for the carrier's site to install (Extensions > Ajouter > Téléverser une extension).
 * Served only when the file is there: a server run from the source has none.
 */
export function integrationFileRoutes(app: FastifyInstance, serverDir: string): void {
  const file = path.join(serverDir, WORDPRESS_PLUGIN_ZIP);
  if (!existsSync(file)) return;
  const zip = readFileSync(file);
  app.get('/integrations/wordpress/transport-quote.zip', async (_request, reply) =>
    reply
      .type('application/zip')
      .header('content-disposition', 'attachment; filename="transport-quote.zip"')
      .header('cache-control', 'public, max-age=300')
      .send(zip),
  );
}
