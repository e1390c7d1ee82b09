import * as v from 'valibot';
import { ErrorAnswerSchema, type FieldError } from 'transport-quote-wizard/domain';

/** Every refusal of the API (the geocoder aside): the domain's schema, which the elements read it with. */
export { ErrorAnswerSchema, type FieldError };

/** Valibot issues as a JSON list of failing fields, for 400 answers. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  return issues.slice(0, 50).map((issue) => ({ path: v.getDotPath(issue) ?? '(racine)', message: issue.message }));
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
