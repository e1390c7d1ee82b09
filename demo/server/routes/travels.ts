import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import * as v from 'valibot';
import { implausibleFigures, restoreStore, TravelPayloadSchema } from '../../../src/domain/index.ts';
import type { ServerLimits } from '../config/limits.ts';
import { findCompanyByToken } from '../db/companies-repo.ts';
import type { Sql } from '../db/sql.ts';
import { claimKey, completeKey, releaseKey } from '../db/idempotency.ts';
import { findTravel, findTravelTokenHash, insertTravel, ownersOf, updateTravel, type StoredTravel } from '../db/travels-repo.ts';
import { bearerToken, HttpError, parseOr400 } from '../http/validation.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { Quotas } from '../ops/quotas.ts';
import { priceBooking } from '../pricing/booking-pricing.ts';
import type { QuoteService } from '../pricing/quote-service.ts';
import { clientKey } from '../security/client-key.ts';
import { generateToken, hashToken, sha256, tokenMatches } from '../security/tokens.ts';

const IdParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/)) });
const IdempotencyKey = v.pipe(v.string(), v.minLength(8), v.maxLength(200), v.regex(/^[\x21-\x7e]+$/));

/**
 * The 201 answer (a new booking, or its replay) is written by a serializer compiled from this
 * schema rather than by JSON.stringify. Typed as a plain FastifySchema: a replay answers the
 * status it stored, which the typed status codes of a literal schema would not allow.
 */
const CREATED_SCHEMA: FastifySchema = {
  response: {
    201: { type: 'object', properties: { id: { type: 'integer' }, token: { type: 'string' } }, required: ['id', 'token'] },
  },
};

const NOT_FOUND = 'Réservation introuvable';
/** Compared against when the id is unknown, so that case takes the same time as a wrong token. */
const UNKNOWN_TRAVEL_HASH = '0'.repeat(64);

/** The token from `?token=` (spec) or `Authorization: Bearer` (design). */
export function presentedToken(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown>;
  if (typeof query.token === 'string' && query.token !== '') return query.token;
  return bearerToken(request.headers);
}

/**
 * The travel an id and token open. A wrong or missing token answers exactly like an
 * unknown id, so ids cannot be probed.
 */
export async function openTravel(sql: Sql, request: FastifyRequest): Promise<StoredTravel> {
  const params = v.safeParse(IdParams, request.params);
  const id = params.success ? Number(params.output.id) : null;
  // The token is checked first, in constant time, against the hash alone: a wrong token costs
  // the same on a large booking as on a small one, and reads nothing of it.
  const storedHash = id === null ? null : await findTravelTokenHash(sql, id);
  const matches = tokenMatches(presentedToken(request), storedHash ?? UNKNOWN_TRAVEL_HASH);
  if (storedHash === null || !matches) throw new HttpError(404, NOT_FOUND);
  const travel = await findTravel(sql, id!);
  if (!travel) throw new HttpError(404, NOT_FOUND);
  return travel;
}

/** The body checked on its own (schema, the client's store, prices that cannot be): nothing is read from the database. */
function checkBooking(body: unknown, limits: ServerLimits) {
  const payload = parseOr400(TravelPayloadSchema, body);
  const state = restoreStore(payload.store_serialized);
  if (state === null) {
    throw new HttpError(400, 'Requête invalide', [{ path: 'store_serialized', message: 'État de réservation illisible' }]);
  }
  const impossible = implausibleFigures(payload, { priceCeilingEuros: limits.priceCeilingEuros });
  if (impossible.length > 0) throw new HttpError(422, 'Chiffres impossibles dans la réservation', impossible);
  // The company token opens the whole company: it is kept as the company's id, never stored or echoed.
  const { company_token: companyToken, ...stored } = payload;
  return { payload: stored as typeof payload, companyToken, state };
}

/** The company a booking is made for, from its token; null for a public booking. */
async function companyIdOf(sql: Sql, companyToken: string | undefined): Promise<number | null> {
  if (companyToken === undefined) return null;
  const company = await findCompanyByToken(sql, companyToken);
  if (!company) throw new HttpError(404, 'Entreprise inconnue');
  return company.id;
}

export interface TravelRouteDeps {
  quotas: Quotas;
  quotes: QuoteService;
  /** The key the client addresses are hashed with (server_keys), never stored in clear. */
  addressSecret: Buffer;
  metrics: Metrics | null;
}

export function travelRoutes(
  app: FastifyInstance,
  sql: Sql,
  limits: ServerLimits,
  { quotas, quotes, addressSecret, metrics }: TravelRouteDeps,
): void {
  app.post('/api/v1/travels', { schema: CREATED_SCHEMA }, async (request, reply) => {
    const keyHeader = request.headers['idempotency-key'];
    const key = keyHeader === undefined ? null : parseOr400(IdempotencyKey, keyHeader, 'Idempotency-Key invalide');
    if (key !== null) {
      const decision = await claimKey(sql, key, sha256(request.rawBody ?? ''), Date.now());
      if (decision.kind === 'replay') return reply.code(decision.status).header('idempotent-replayed', 'true').send(decision.body);
      if (decision.kind === 'conflict') throw new HttpError(422, 'Cette clé d’idempotence a déjà servi pour une autre réservation');
      if (decision.kind === 'in-progress') throw new HttpError(409, 'Cette réservation est déjà en cours d’enregistrement');
    }
    try {
      const { payload, companyToken, state } = checkBooking(request.body, limits);
      const companyId = await companyIdOf(sql, companyToken);
      // Priced before the write: a route or a pool's code may take a moment, the transaction does not.
      const priced = await priceBooking(quotes, payload, state, companyId, companyId === null ? 'public' : 'company');
      const token = generateToken();
      const addressKey = companyToken === undefined ? clientKey(request.ip, addressSecret) : null;
      // The booking and its key's answer are written together: a retry finds both or neither.
      const { answer, uses } = await sql.transaction(async (tx) => {
        const uses = await quotas.assertRoom(tx, ownersOf(companyId, addressKey), Buffer.byteLength(request.rawBody ?? ''));
        const id = await insertTravel(tx, priced, hashToken(token), companyId, new Date().toISOString(), addressKey);
        const body = { id, token };
        if (key !== null) await completeKey(tx, key, 201, body);
        return { answer: body, uses };
      });
      quotas.report(uses);
      metrics?.bookings.inc({ action: 'created', owner: companyId === null ? 'public' : 'company' });
      return reply.code(201).send(answer);
    } catch (error) {
      // A refused request frees its key: the client may correct it and retry with the same key.
      if (key !== null) await releaseKey(sql, key);
      throw error;
    }
  });

  app.patch('/api/v1/travels/:id', async (request) => {
    const travel = await openTravel(sql, request);
    const { payload, companyToken, state } = checkBooking(request.body, limits);
    // A booking's company is fixed when it is made: a token of another company (or any company
    // token on a public booking) changes nothing and is refused.
    const companyId = await companyIdOf(sql, companyToken);
    if (companyId !== null && companyId !== travel.company_id)
      throw new HttpError(403, 'Cette réservation n’appartient pas à cette entreprise : son entreprise ne change pas.');
    const actor = travel.company_id === null ? 'public' : companyId === null ? 'edit-link' : 'company';
    const priced = await priceBooking(quotes, payload, state, travel.company_id, actor, {
      payload: travel.payload,
      state: restoreStore(travel.payload.store_serialized),
      priceSource: travel.price_source,
    });
    const uses = await quotas.assertRoom(
      sql,
      ownersOf(travel.company_id, travel.client_key),
      Buffer.byteLength(request.rawBody ?? ''),
      travel.payload_bytes,
    );
    await updateTravel(sql, travel.id, priced, new Date().toISOString());
    quotas.report(uses);
    metrics?.bookings.inc({ action: 'updated', owner: travel.company_id === null ? 'public' : 'company' });
    return { id: travel.id, quote_id: priced.quote.id };
  });

  app.get('/api/v1/travels/:id', async (request) => {
    const travel = await openTravel(sql, request);
    return {
      id: travel.id,
      created_at: travel.created_at,
      updated_at: travel.updated_at,
      ...travel.payload,
      travel: { ...travel.payload.travel, travel_id: travel.id },
      // Saved from a company's page: a public edit link shows the company's prices as they are.
      made_by_company: travel.company_id !== null,
      state: travel.state,
      // 'quote': the carrier's price; 'company': fixed by the company, its grid's figures beside it in price_check.
      price_source: travel.price_source,
      ...(travel.price_check ? { price_check: travel.price_check } : {}),
    };
  });
}
