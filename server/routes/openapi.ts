import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { publishedSchemas, type ApiTag } from '../http/route-schema.ts';
import { WEBHOOKS } from './event-contract.ts';

const OPENAPI_PATH = '/api/v1/openapi.json';

const TAGS: Record<ApiTag, string> = {
  Réservations: 'Créer, relire et modifier une réservation (spec §7) ; la relire et la modifier demandent son jeton.',
  Devis:
    'Le prix que le transporteur s’engage à tenir, calculé par le serveur depuis ses propres tarifs, signé (HMAC-SHA256) et valable jusqu’à son échéance.',
  Catalogue: 'Le catalogue d’objets à déménager : volumes, poids, manutention.',
  Entreprises: 'Les données d’une entreprise, ouvertes par son jeton : lieux, contacts, clients, grilles, véhicules.',
  Géocodage: 'Le géocodeur hors ligne des pages de démonstration.',
  Suivi: 'La page de suivi d’une réservation, pour le cadre latéral.',
  Webhooks:
    'Ce que le serveur envoie aux systèmes du transporteur : un événement par réservation créée, modifiée, acceptée ou refusée, signé.',
};

/**
 * The routes the document publishes: the API, and any route declared with routeSchema (its
 * operationId). Pages and files are not part of the contract.
 */
function published(url: string, schema: Record<string, unknown> | undefined): boolean {
  return schema?.hide !== true && (url.startsWith('/api/') || typeof schema?.operationId === 'string');
}

/**
 * Registers the generated OpenAPI document and serves it. Call it before the routes: it
 * collects each route as it is declared (with its routeSchema, http/route-schema.ts).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Valibot checks every request in its handler, with French messages: Fastify's ajv never
  // runs, so it can neither check twice nor refuse what valibot accepts.
  app.setValidatorCompiler(() => () => true);
  // Answers are written as they are: a serializer compiled from the schemas would drop what
  // they do not list and coerce what they type. The tests check every answer against them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Transport quote wizard : API du serveur de référence',
        version: '1.0.0',
        description:
          'Réservations de transport et de déménagement (spec §7), le catalogue, les données d’entreprise, le géocodeur hors ligne ' +
          'et la page de suivi. Chaque refus dit en français ce qui est refusé (error), et les champs en cause (fields). ' +
          `Ce document (${OPENAPI_PATH}) est généré au démarrage depuis les schémas valibot avec lesquels le serveur valide.`,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: '/', description: 'Le serveur qui publie ce document.' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      // OpenAPI 3.1's own place for what the server sends rather than answers; the plugin's types know only 3.0's.
      ...({ webhooks: WEBHOOKS } as object),
      components: {
        // JSON Schema 2020-12, which OpenAPI 3.1 speaks; the plugin's types know only 3.0's.
        schemas: publishedSchemas() as Record<string, object>,
        securitySchemes: {
          jetonReservationQuery: {
            type: 'apiKey',
            in: 'query',
            name: 'token',
            description: 'Le jeton rendu à la création de la réservation, en paramètre token (spec §7).',
          },
          jetonReservationBearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'Le même jeton de réservation, en en-tête Authorization: Bearer.',
          },
          jetonEntreprise: {
            type: 'http',
            scheme: 'bearer',
            description: 'Le jeton d’une entreprise, en en-tête Authorization: Bearer.',
          },
          cleTransporteur: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Carrier-Key',
            description:
              'La clé publique d’un transporteur (attribut carrier-key des éléments) : devis, réservations et recherches au nom de ses pages publiques, ' +
              'depuis les sites qu’il autorise. Elle n’ouvre rien de privé ; une clé remplacée ne sert plus.',
          },
        },
      },
    },
    transform: ({ schema, url }) => ({
      schema: published(url, schema as Record<string, unknown> | undefined) ? schema : { ...schema, hide: true },
      url,
    }),
  });

  // The document is not an operation of its own contract (its URL is in info.description).
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
