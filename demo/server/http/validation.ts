import * as v from 'valibot';

export interface FieldError {
  path: string;
  message: string;
}

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

/** Query strings are strings: these read them as the numbers they stand for. */
export const QueryInteger = v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Nombre entier attendu'), v.transform(Number));
export const QueryText = v.pipe(v.string(), v.maxLength(200, '200 caractères au plus'));
