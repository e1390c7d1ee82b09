import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import * as v from 'valibot';
import { checkPublicPrice, implausibleFigures, parseSerializedTravelState, TravelPayloadSchema } from '../../../src/domain/index.ts';
import type { ServerLimits } from '../config/limits.ts';
import { findCompanyByToken } from '../db/companies-repo.ts';
import type { Sql } from '../db/sql.ts';
import { claimKey, completeKey, releaseKey } from '../db/idempotency.ts';
import { findTravel, findTravelTokenHash, insertTravel, storedBytes, updateTravel, type StoredTravel } from '../db/travels-repo.ts';
import { bearerToken, HttpError, parseOr400 } from '../http/validation.ts';
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

/** The body checked on its own (schema, the client's store, plausible figures): nothing is read from the database. */
function checkBooking(body: unknown, limits: ServerLimits) {
  const payload = parseOr400(TravelPayloadSchema, body);
  const state = parseSerializedTravelState(payload.store_serialized);
  if (state === null) {
    throw new HttpError(400, 'Requête invalide', [{ path: 'store_serialized', message: 'État de réservation illisible' }]);
  }
  const impossible = implausibleFigures(payload, { priceCeilingEuros: limits.priceCeilingEuros, vat: state.vat });
  if (impossible.length > 0) throw new HttpError(422, 'Chiffres impossibles dans la réservation', impossible);
  // The company token opens the whole company: it is kept as the company's id, never stored or echoed.
  const { company_token: companyToken, ...stored } = payload;
  // A company may set its own price (the price editor); a public visitor's is recomputed here.
  const priceCheck = companyToken === undefined ? checkPublicPrice(payload, state) : null;
  return { payload: stored as typeof payload, companyToken, priceCheck };
}

/** The company a booking is made for, from its token; null for a public booking. */
async function companyIdOf(sql: Sql, companyToken: string | undefined): Promise<number | null> {
  if (companyToken === undefined) return null;
  const company = await findCompanyByToken(sql, companyToken);
  if (!company) throw new HttpError(404, 'Entreprise inconnue');
  return company.id;
}

/** A booking that would take its company (or the public bookings together) past their quota is refused. */
async function assertWithinQuota(sql: Sql, companyId: number | null, rawBody: string, limits: ServerLimits, replacing = 0): Promise<void> {
  const quota = companyId === null ? limits.publicQuotaBytes : limits.companyQuotaBytes;
  if ((await storedBytes(sql, companyId)) - replacing + Buffer.byteLength(rawBody) > quota) {
    throw new HttpError(
      507,
      companyId === null
        ? 'Espace de stockage des réservations publiques plein : réessayez plus tard.'
        : 'Quota de stockage de l’entreprise atteint : contactez le transporteur.',
    );
  }
}

export function travelRoutes(app: FastifyInstance, sql: Sql, limits: ServerLimits): void {
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
      const { payload, companyToken, priceCheck } = checkBooking(request.body, limits);
      const token = generateToken();
      // The booking and its key's answer are written together: a retry finds both or neither.
      const answer = await sql.transaction(async (tx) => {
        // Read in the transaction that writes: the quota counts the bookings committed with this one.
        const companyId = await companyIdOf(tx, companyToken);
        await assertWithinQuota(tx, companyId, request.rawBody ?? '', limits);
        const id = await insertTravel(tx, payload, hashToken(token), companyId, new Date().toISOString(), priceCheck);
        const body = { id, token };
        if (key !== null) await completeKey(tx, key, 201, body);
        return body;
      });
      return reply.code(201).send(answer);
    } catch (error) {
      // A refused request frees its key: the client may correct it and retry with the same key.
      if (key !== null) await releaseKey(sql, key);
      throw error;
    }
  });

  app.patch('/api/v1/travels/:id', async (request) => {
    const travel = await openTravel(sql, request);
    const { payload, companyToken, priceCheck } = checkBooking(request.body, limits);
    // An unknown company token is refused, as on a POST; the booking keeps the company it was made for.
    await companyIdOf(sql, companyToken);
    await assertWithinQuota(sql, travel.company_id, request.rawBody ?? '', limits, travel.payload_bytes);
    // A company's booking keeps the prices it set; a public one is checked again.
    await updateTravel(sql, travel.id, payload, new Date().toISOString(), travel.company_id === null ? priceCheck : null);
    return { id: travel.id };
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
      // For the carrier: the server's own figures for a public booking, and whether the sent ones agree.
      ...(travel.price_check ? { price_check: travel.price_check } : {}),
    };
  });
}
