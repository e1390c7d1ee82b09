import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import type { GenericSchema } from 'valibot';
import {
  CompanyDataSchema,
  CreateTravelResponseSchema,
  ItemSchema,
  SavedPlaceSchema,
  TravelPayloadSchema,
  ApiContactSchema,
} from '../../../src/domain/index.ts';

// Transforms (phone spaces, volume from dimensions) have no JSON Schema: they are documented in prose.
const schema = (valibot: GenericSchema) => toJsonSchema(valibot, { errorMode: 'ignore' });

const error = {
  description: 'Erreur',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          error: { type: 'string' },
          fields: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
        },
      },
    },
  },
};
const tokenParam = {
  name: 'token',
  in: 'query',
  required: false,
  schema: { type: 'string' },
  description: 'Jeton de la réservation (ou en-tête Authorization: Bearer).',
};
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const companyParam = { name: 'companyToken', in: 'path', required: true, schema: { type: 'string' } };
const qParam = { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 200 } };

/** The API contract, built from the same valibot schemas the server validates with. */
export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Transport quote wizard: API de référence',
      version: '1.0.0',
      description: 'Réservations de transport et de déménagement (spec §7) et extensions.',
    },
    components: {
      schemas: {
        TravelPayload: schema(TravelPayloadSchema),
        CreateTravelResponse: schema(CreateTravelResponseSchema),
        Item: schema(ItemSchema),
        SavedPlace: schema(SavedPlaceSchema),
        Contact: schema(ApiContactSchema),
        CompanyData: schema(CompanyDataSchema),
      },
      securitySchemes: { travelToken: { type: 'http', scheme: 'bearer' } },
    },
    paths: {
      '/api/v1/travels': {
        post: {
          summary: 'Créer une réservation',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              schema: { type: 'string', minLength: 8, maxLength: 200 },
              description:
                'Même clé et même corps : la première réponse est rejouée (24 h) ; autre corps : 422 ; requête identique en cours : 409.',
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/TravelPayload' } } } },
          responses: {
            201: {
              description: 'Créée',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateTravelResponse' } } },
            },
            400: error,
            404: error,
            409: error,
            413: error,
            422: error,
          },
        },
      },
      '/api/v1/travels/{id}': {
        get: {
          summary: 'Relire une réservation (avec son jeton)',
          parameters: [idParam, tokenParam],
          responses: {
            200: { description: 'La réservation, son store_serialized et made_by_company (faite depuis la page d’une entreprise)' },
            404: error,
          },
        },
        patch: {
          summary: 'Modifier une réservation (avec son jeton)',
          parameters: [idParam, tokenParam],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/TravelPayload' } } } },
          responses: { 200: { description: 'Modifiée' }, 400: error, 404: error },
        },
      },
      '/api/v1/items/search': {
        get: {
          summary: 'Chercher dans le catalogue',
          parameters: [
            qParam,
            {
              name: 'c',
              in: 'query',
              required: false,
              schema: { type: 'integer' },
              description: 'Id de l’entreprise : ses objets d’abord.',
            },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', maximum: 50 } },
          ],
          responses: {
            200: {
              description: 'Objets',
              content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } },
            },
            400: error,
          },
        },
      },
      '/api/v1/companies/{companyToken}': {
        get: {
          summary: 'Données de l’entreprise',
          parameters: [companyParam],
          responses: {
            200: {
              description: 'Company store',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/CompanyData' } } },
            },
            404: error,
          },
        },
      },
      '/api/v1/companies/{companyToken}/places': {
        get: {
          summary: 'Lieux enregistrés',
          parameters: [companyParam, qParam],
          responses: {
            200: {
              description: 'Lieux',
              content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/SavedPlace' } } } },
            },
            404: error,
          },
        },
      },
      '/api/v1/companies/{companyToken}/contacts': {
        get: {
          summary: 'Contacts',
          parameters: [companyParam, qParam],
          responses: {
            200: {
              description: 'Contacts (name, phone_number)',
              content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Contact' } } } },
            },
            404: error,
          },
        },
      },
      '/api/v1/geo/search': {
        get: {
          summary: 'Géocodeur hors ligne au format de la Géoplateforme (BAN)',
          parameters: [
            { name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 3, maxLength: 200 } },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 20 } },
            { name: 'autocomplete', in: 'query', schema: { enum: ['0', '1'] } },
          ],
          responses: { 200: { description: 'GeoJSON FeatureCollection (coordonnées [lon, lat], précision à la commune)' }, 400: error },
        },
      },
      '/dashboard/companies/company/travels/{id}': {
        get: {
          summary: 'Page de suivi (cadre latéral)',
          parameters: [idParam, tokenParam, { name: 'light_layout', in: 'query', schema: { enum: ['yes'] } }],
          responses: { 200: { description: 'HTML' }, 404: { description: 'HTML' } },
        },
      },
    },
  };
}

export function openApiRoutes(app: FastifyInstance): void {
  const document = openApiDocument();
  app.get('/api/v1/openapi.json', async () => document);
}
