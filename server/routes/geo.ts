import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { GeoCollection } from '../geo/geocoder.ts';
import { answer, PUBLIC, routeSchema } from '../http/route-schema.ts';
import { queryInteger } from '../http/validation.ts';

const GeoQuery = v.object({
  q: v.pipe(
    v.string(),
    v.description('L’adresse cherchée, de 3 à 200 caractères (espaces de bord ignorés).'),
    v.trim(),
    v.minLength(3),
    v.maxLength(200),
  ),
  limit: v.optional(v.pipe(queryInteger('Nombre de résultats, de 1 à 20.'), v.minValue(1), v.maxValue(20)), '5'),
  autocomplete: v.optional(v.picklist(['0', '1']), '1'),
});

/** The Géoplateforme's answer, which this geocoder copies so that the elements' one adapter reads both. */
const GeoCollectionSchema = v.object({
  type: v.literal('FeatureCollection'),
  version: v.literal('draft'),
  features: v.array(
    v.object({
      type: v.literal('Feature'),
      geometry: v.object({
        type: v.literal('Point'),
        coordinates: v.pipe(v.tuple([v.number(), v.number()]), v.description('[longitude, latitude], à la commune.')),
      }),
      properties: v.object({
        label: v.string(),
        score: v.number(),
        id: v.string(),
        name: v.string(),
        housenumber: v.optional(v.string()),
        street: v.optional(v.string()),
        postcode: v.string(),
        citycode: v.pipe(v.string(), v.description('Code INSEE de la commune.')),
        city: v.string(),
        context: v.pipe(v.string(), v.description('Le département.')),
        type: v.picklist(['housenumber', 'street', 'municipality']),
        importance: v.number(),
        precision: v.pipe(
          v.picklist(['commune', 'postcode', 'departement']),
          v.description('Extension : d’où vient le point (la commune, la moyenne des communes du code postal ou du département).'),
        ),
      }),
    }),
  ),
  attribution: v.string(),
  licence: v.string(),
  query: v.string(),
  limit: v.number(),
});
// The geocoder writes what is documented, and the documentation says what it writes.
const _documented: v.InferOutput<typeof GeoCollectionSchema> = {} as GeoCollection;
const _written: GeoCollection = {} as v.InferOutput<typeof GeoCollectionSchema>;

/** The national service's refusal, not the API's: the same adapter reads both services. */
const GeoRefusalSchema = v.object({ code: v.literal(400), message: v.string() });

/** The offline geocoder, answering like the Géoplateforme's /geocodage/search. */
/** The offline geocoder, in the national service's format. */
export const geoRoutes: FastifyPluginAsync = async (app) => {
  const { geocoder } = app;
  const schema = routeSchema({
    operationId: 'geocoder',
    tags: ['Géocodage'],
    summary: 'Géocodeur hors ligne',
    description:
      'Au format du géocodeur de la Géoplateforme (BAN), sans réseau : une adresse est placée à sa commune, pas à sa porte ' +
      '(properties.precision dit d’où vient le point).',
    security: PUBLIC,
    querystring: GeoQuery,
    answers: {
      200: answer('Les lieux trouvés, en GeoJSON.', GeoCollectionSchema),
      400: answer('Paramètres invalides, dans la forme du service national.', GeoRefusalSchema),
    },
  });
  app.get('/api/v1/geo/search', { schema }, async (request, reply) => {
    const query = v.safeParse(GeoQuery, request.query);
    if (!query.success) {
      // The national service's own error shape, so the same adapter reads it.
      return reply.code(400).send({ code: 400, message: 'q doit contenir entre 3 et 200 caractères ; limit entre 1 et 20' });
    }
    return geocoder().search(query.output.q, query.output.limit, query.output.autocomplete === '1');
  });
};
