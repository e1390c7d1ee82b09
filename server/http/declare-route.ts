import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type * as v from 'valibot';
import { routeSchema, type RouteDoc } from './route-schema.ts';
import { HttpError, parseOr400 } from './validation.ts';

type Parsed<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

/** A route's documentation with the valibot schemas of what it reads: the same schemas document it and parse it. */
export interface DeclaredRoute<P, Q, B> extends Omit<RouteDoc, 'params' | 'querystring' | 'body'> {
  params?: P;
  querystring?: Q;
  body?: B;
  /** An address whose parameters cannot be read names nothing: 404 with this message, instead of 400 (an id of the wrong shape). */
  unknownParams?: string;
}

/** What the handler receives: the request's parameters, query and body, parsed by the schemas the route was declared with. */
export interface RouteInput<P, Q, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

/**
 * A route declared once (issue 53): its schemas are published in the OpenAPI document
 * (routeSchema), parse the request before the handler runs (a 400 naming each field in French,
 * or the 404 of an address that names nothing) and type what the handler receives, so nothing
 * ties a documented body to a separate parse by hand. Parameters first, then the query, then
 * the body.
 */
export function declareRoute<
  P extends v.GenericSchema | undefined = undefined,
  Q extends v.GenericSchema | undefined = undefined,
  B extends v.GenericSchema | undefined = undefined,
>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  declared: DeclaredRoute<P, Q, B>,
  handler: (input: RouteInput<P, Q, B>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  options: Omit<RouteShorthandOptions, 'schema'> = {},
): void {
  const { unknownParams, ...doc } = declared;
  const read = <S extends v.GenericSchema | undefined>(schema: S, input: unknown): Parsed<S> =>
    (schema === undefined ? undefined : parseOr400(schema, input)) as Parsed<S>;
  app.route({
    ...options,
    method,
    url,
    schema: routeSchema(doc as RouteDoc),
    handler: async (request, reply) => {
      let params: Parsed<P>;
      try {
        params = read(declared.params as P, request.params);
      } catch (error) {
        if (unknownParams !== undefined && error instanceof HttpError) throw new HttpError(404, unknownParams);
        throw error;
      }
      const query = read(declared.querystring as Q, request.query);
      const body = read(declared.body as B, request.body);
      return handler({ params, query, body }, request, reply);
    },
  });
}
