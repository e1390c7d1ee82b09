import * as v from 'valibot';
import type { FastifyRequest } from 'fastify';
import { ErrorAnswerSchema, type FieldError } from 'transport-quote-wizard/domain';

/** Every refusal of the API (the geocoder aside): the domain's schema, which the elements read it with. */
export { ErrorAnswerSchema, type FieldError };

/** Valibot's own messages ('Invalid type: Expected string but received 42'): schemas without a French message of their own. */
const VALIBOT_DEFAULT = /^Invalid [\w ]+: (Expected|Received) /;

const TYPE_NAMES: Record<string, string> = {
  string: 'du texte',
  number: 'un nombre',
  boolean: 'true ou false',
  Object: 'un objet',
  object: 'un objet',
  Array: 'une liste',
  array: 'une liste',
  null: 'null',
  undefined: 'rien',
  never: 'aucun champ de ce nom',
};

/** '(string | null)' → 'du texte ou null'; '("pickup" | "dropoff")' → '"pickup" ou "dropoff"'. */
function expectedInFrench(expected: string | null): string {
  const alternatives = (expected ?? '').replace(/^\((.*)\)$/, '$1').split(' | ');
  return alternatives.map((part) => TYPE_NAMES[part] ?? part).join(' ou ');
}

/** What was received, as valibot writes it, shortened: an answer never echoes a whole body. */
function receivedInFrench(received: string): string {
  if (received === 'undefined') return 'rien';
  return received.length > 60 ? `${received.slice(0, 57)}…` : received;
}

/**
 * An issue's message in French: the schema's own when it has one, else said from what valibot
 * reports (the check, what it expected, what it received), never valibot's English default.
 */
export function frenchMessage(issue: v.BaseIssue<unknown>): string {
  if (!VALIBOT_DEFAULT.test(issue.message)) return issue.message;
  const received = receivedInFrench(issue.received);
  const requirement = String(issue.requirement);
  if (issue.kind === 'schema') {
    if (issue.type === 'strict_object' || issue.type === 'never') return `Champ inconnu (reçu ${received})`;
    if (issue.received === 'undefined' && issue.expected?.startsWith('"')) return 'Champ obligatoire manquant';
    return `Type invalide\u00a0: on attend ${expectedInFrench(issue.expected)}, reçu ${received}`;
  }
  switch (issue.type) {
    case 'min_length':
      return `Trop court\u00a0: ${requirement} au moins (reçu ${received})`;
    case 'max_length':
      return `Trop long\u00a0: ${requirement} au plus (reçu ${received})`;
    case 'length':
      return `Longueur attendue\u00a0: ${requirement} (reçu ${received})`;
    case 'min_value':
      return `Valeur trop petite\u00a0: ${requirement} au moins (reçu ${received})`;
    case 'max_value':
      return `Valeur trop grande\u00a0: ${requirement} au plus (reçu ${received})`;
    case 'integer':
      return `Nombre entier attendu (reçu ${received})`;
    case 'finite':
      return `Nombre fini attendu (reçu ${received})`;
    case 'regex':
      return `Format invalide (reçu ${received})`;
    case 'email':
      return `Adresse e-mail invalide (reçu ${received})`;
    default:
      return `Valeur refusée (reçu ${received})`;
  }
}

/** Valibot issues as a JSON list of failing fields, for 400 answers: every message in French. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  return issues.slice(0, 50).map((issue) => ({ path: v.getDotPath(issue) ?? '(racine)', message: frenchMessage(issue) }));
}

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(headers: { authorization?: string | string[] }): string | null {
  const header = headers.authorization;
  return (typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined) ?? null;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldError[],
    /** More of the answer beside `error` and `fields` (a 409's new quote). */
    readonly details?: Record<string, unknown>,
    /** Sent as Retry-After: when trying again may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Parses or throws a 400 naming the failing fields. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown, message = 'Requête invalide'): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new HttpError(400, message, fieldErrors(result.issues));
  return result.output;
}

/**
 * Query strings are strings: this reads one as the number it stands for. The description
 * comes before the conversion, where the published (sent) side of the schema ends.
 */
export const queryInteger = (description: string) =>
  v.pipe(v.string(), v.description(description), v.regex(/^\d{1,9}$/, 'Nombre entier attendu'), v.transform(Number));
export const QueryText = v.pipe(v.string(), v.maxLength(200, '200 caractères au plus'));

/** The token from `?token=` (spec) or `Authorization: Bearer` (design). */
export function presentedToken(request: Pick<FastifyRequest, 'query' | 'headers'>): string | null {
  const query = request.query as Record<string, unknown>;
  if (typeof query.token === 'string' && query.token !== '') return query.token;
  return bearerToken(request.headers);
}
