import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { OfflineGeocoder } from '../geo/geocoder.ts';
import { QueryInteger } from '../http/validation.ts';

const GeoQuery = v.object({
  q: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(200)),
  limit: v.optional(v.pipe(QueryInteger, v.minValue(1), v.maxValue(20)), '5'),
  autocomplete: v.optional(v.picklist(['0', '1']), '1'),
});

/** The offline geocoder, answering like the Géoplateforme's /geocodage/search. */
export function geoRoutes(app: FastifyInstance, geocoder: () => OfflineGeocoder): void {
  app.get('/api/v1/geo/search', async (request, reply) => {
    const query = v.safeParse(GeoQuery, request.query);
    if (!query.success) {
      // The national service's own error shape, so the same adapter reads it.
      return reply.code(400).send({ code: 400, message: 'q doit contenir entre 3 et 200 caractères ; limit entre 1 et 20' });
    }
    return geocoder().search(query.output.q, query.output.limit, query.output.autocomplete === '1');
  });
}
