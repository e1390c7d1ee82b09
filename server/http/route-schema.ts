import {
  toJsonSchema,
  toJsonSchemaDefs,
  type ConversionConfig,
  type JsonSchema,
  type OverrideSchemaContext,
} from '@valibot/to-json-schema';
import type { FastifySchema } from 'fastify';
import type * as v from 'valibot';
import { ErrorAnswerSchema } from './validation.ts';

/**
 * How a route declares its contract: the one way, for every route the API publishes.
 *
 *   app.get('/api/v1/things/:id', { schema: routeSchema({
 *     operationId: 'lireChose', tags: ['Choses'], summary: 'Lire une chose', security: PUBLIC,
 *     params: ThingParams,                       // the valibot schema the handler parses with
 *     answers: { 200: answer('La chose.', ThingSchema), 404: refusal('Chose introuvable.') },
 *   }) }, async (request) => { const { id } = parseOr400(ThingParams, request.params); … });
 *
 * The JSON Schemas are converted from the valibot schemas the handlers parse with, so the
 * published document (routes/openapi.ts) cannot drift from what is accepted. Fastify neither
 * validates with them (valibot does, in the handler, with its French messages) nor writes the
 * answers with them (JSON.stringify does): see routes/openapi.ts. The tests check every answer
 * they receive against the document (server/test/api/support.ts).
 */

/** A valibot schema, of any kind. */
type Schema = v.GenericSchema;

/** Which side of a schema is published: what a client may send, or what the server writes. */
type Side = 'request' | 'answer';

/**
 * Actions JSON Schema cannot say: finiteness (JSON has no NaN nor Infinity anyway), custom
 * checks (dates), transformations (trimmed text, a volume computed from dimensions). The
 * descriptions say them in prose; any other action that cannot be converted stops the start.
 */
const PROSE_ACTIONS = ['finite', 'check', 'transform', 'trim'];

/** Schemas published once under components.schemas, by name, for each side. */
const components: Record<Side, Record<string, Schema>> = { request: {}, answer: {} };

/**
 * Publishes a schema under a name of components.schemas: every route schema that holds it
 * refers to it. Call it at a module's top level, before the routes are declared.
 */
export function publishSchema<S extends Schema>(name: string, schema: S, side: Side): S {
  if (components[side][name] && components[side][name] !== schema) throw new Error(`Schéma ${name} publié deux fois`);
  components[side][name] = schema;
  return schema;
}

publishSchema('ErrorAnswer', ErrorAnswerSchema, 'answer');

/** Entries a valibot object may leave out of its output: optional without a default. */
function mayBeAbsent(entry: Schema): boolean {
  const wrapper = entry as Schema & { default?: unknown };
  return ['optional', 'exact_optional', 'nullish', 'undefinedable'].includes(entry.type) && wrapper.default === undefined;
}

/**
 * An answer is a valibot output: an object has exactly its entries (unknown keys are dropped
 * when parsing), and every entry with a default is there. Said so, a test finds an answer
 * that leaks a field or loses one.
 */
function exactOutput({ valibotSchema, jsonSchema }: OverrideSchemaContext): JsonSchema | undefined {
  if (valibotSchema.type !== 'object') return undefined;
  const entries = (valibotSchema as v.ObjectSchema<v.ObjectEntries, undefined>).entries;
  const required = Object.keys(entries).filter((key) => !mayBeAbsent(entries[key]!));
  return { ...jsonSchema, required, additionalProperties: false };
}

function conversion(side: Side): ConversionConfig {
  return {
    target: 'draft-2020-12',
    typeMode: side === 'request' ? 'input' : 'output',
    errorMode: 'throw',
    ignoreActions: PROSE_ACTIONS,
    overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
    ...(side === 'answer' ? { overrideSchema: exactOutput } : {}),
  };
}

/** Each conversion converts every published schema too (a few ms): one per schema and side. */
const converted: Record<Side, WeakMap<Schema, JsonSchema>> = { request: new WeakMap(), answer: new WeakMap() };

/** The JSON Schema of one side of a valibot schema, naming the published ones by reference. */
export function jsonSchemaOf(schema: Schema, side: Side): JsonSchema {
  let json = converted[side].get(schema);
  if (!json) {
    const { $schema: _dialect, $defs: _published, ...own } = toJsonSchema(schema, { ...conversion(side), definitions: components[side] });
    json = own;
    converted[side].set(schema, json);
  }
  // A copy: Fastify and the document generator may change the schema they are given.
  return structuredClone(json);
}

/** components.schemas of the document: both sides, converted once. */
export function publishedSchemas(): Record<string, JsonSchema> {
  const answers = toJsonSchemaDefs(components.answer, conversion('answer'));
  const requests = toJsonSchemaDefs(components.request, conversion('request'));
  for (const name of Object.keys(requests)) if (name in answers) throw new Error(`Schéma ${name} publié des deux côtés`);
  return { ...answers, ...requests };
}

/** Tags of the document, with their French descriptions (routes/openapi.ts lists them). */
export type ApiTag = 'Réservations' | 'Devis' | 'Catalogue' | 'Entreprises' | 'Géocodage' | 'Suivi' | 'Webhooks';

/** A security requirement: which scheme of routes/openapi.ts opens the operation. */
export type Security = Record<string, string[]>[];
/** Nothing to present: a public operation. */
export const PUBLIC: Security = [];
/** The booking's token, in `?token=` (spec §7) or `Authorization: Bearer` (DESIGN §6). */
export const TRAVEL_TOKEN: Security = [{ jetonReservationQuery: [] }, { jetonReservationBearer: [] }];
/**
 * A company's token in the path: OpenAPI has no security scheme for a credential in the path,
 * so the operation declares none and its path parameter says what the token opens.
 */
export const TOKEN_IN_PATH: Security = [];
/** Public, or a company's token as `Authorization: Bearer` for what only that company may see. */
export const PUBLIC_OR_COMPANY_TOKEN: Security = [{}, { jetonEntreprise: [] }];
/** A carrier's public key (the elements' carrier-key) in X-Carrier-Key. */
export const CARRIER_KEY: Security = [{ cleTransporteur: [] }];
/** Public, on the keyless pages' records or, with a carrier's key, on that carrier's. */
export const PUBLIC_OR_CARRIER_KEY: Security = [{}, { cleTransporteur: [] }];

/**
 * One documented answer: a JSON body described by a valibot schema, an HTML page, a file of a
 * media type, or nothing. An answer that may come as JSON or as HTML (the same status, written
 * by two hands) lists both.
 */
export interface Answer {
  description: string;
  schema?: Schema;
  html?: true;
  /** A file's media type ('application/pdf'): its bytes as they are, published as a binary string. */
  file?: string;
  /** Response headers, each a JSON Schema with its description. */
  headers?: Record<string, JsonSchema & { description: string }>;
}

/** A JSON answer described by a valibot schema (its output). */
export const answer = (description: string, schema: Schema, headers?: Answer['headers']): Answer => ({
  description,
  schema,
  ...(headers ? { headers } : {}),
});

/** A refusal: the French error shape, its status saying which. */
export const refusal = (description: string): Answer => answer(description, ErrorAnswerSchema);

export interface RouteDoc {
  operationId: string;
  tags: [ApiTag];
  /** French, short: the operation's title in a reader. */
  summary: string;
  /** French: what the schemas cannot say. */
  description?: string;
  security: Security;
  params?: Schema;
  querystring?: Schema;
  headers?: Schema;
  body?: Schema;
  answers: Record<number, Answer>;
  /** A route outside the rate limits of app.ts says so: it never answers 429. */
  rateLimited?: false;
}

const UNAVAILABLE = answer(
  'La base de données ne répond pas, ou le serveur s’arrête\u00a0: réessayer après le délai dit.',
  ErrorAnswerSchema,
  {
    'retry-after': { type: 'string', description: 'Secondes à attendre avant de réessayer.' },
  },
);

const TOO_MANY_REQUESTS = answer('Trop de requêtes\u00a0: le message dit dans combien de secondes réessayer.', ErrorAnswerSchema, {
  'retry-after': { type: 'string', description: 'Secondes à attendre avant de réessayer.' },
});

function responseOf(documented: Answer) {
  const content = {
    ...(documented.file ? { [documented.file]: { schema: { type: 'string', format: 'binary' } } } : {}),
    ...(documented.html ? { 'text/html': { schema: { type: 'string' } } } : {}),
    ...(documented.schema ? { 'application/json': { schema: jsonSchemaOf(documented.schema, 'answer') } } : {}),
  };
  return {
    description: documented.description,
    // Without content, @fastify/swagger would publish the answer as JSON described by its description.
    ...(Object.keys(content).length > 0 ? { content } : {}),
    ...(documented.headers ? { headers: documented.headers } : {}),
  };
}

/**
 * A route's own 503 (its page, when what it makes cannot be made now) beside the one every
 * operation may answer (the database, the server stopping), in JSON: either may come.
 */
function withUnavailable(own: Answer | undefined): Answer {
  if (!own) return UNAVAILABLE;
  return {
    ...own,
    description: `${own.description} Ou, en JSON : ${UNAVAILABLE.description}`,
    schema: UNAVAILABLE.schema!,
    headers: { ...UNAVAILABLE.headers, ...own.headers },
  };
}

/**
 * The Fastify schema of a route: its parameters, body and answers as JSON Schemas converted
 * from the valibot schemas its handler parses with, and what @fastify/swagger publishes of it.
 * Every operation also answers 500, 503 (the database does not answer or the server stops, with Retry-After; beside
 * the route's own 503 when it has one), and 429 unless it escapes the rate limits, in the French error shape.
 */
export function routeSchema(doc: RouteDoc): FastifySchema {
  const request = (schema: Schema | undefined) => (schema ? jsonSchemaOf(schema, 'request') : undefined);
  const answers: Record<number, Answer> = {
    ...doc.answers,
    500: refusal('Erreur interne du serveur.'),
    503: withUnavailable(doc.answers[503]),
  };
  if (doc.rateLimited !== false) answers[429] = TOO_MANY_REQUESTS;
  return {
    operationId: doc.operationId,
    tags: doc.tags,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    security: doc.security,
    ...(doc.params ? { params: request(doc.params) } : {}),
    ...(doc.querystring ? { querystring: request(doc.querystring) } : {}),
    ...(doc.headers ? { headers: request(doc.headers) } : {}),
    ...(doc.body ? { body: request(doc.body) } : {}),
    response: Object.fromEntries(Object.entries(answers).map(([status, documented]) => [status, responseOf(documented)])),
  } as FastifySchema;
}
