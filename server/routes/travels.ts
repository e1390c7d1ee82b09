import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  editsCloseAt,
  editsClosedMessage,
  editsOpen,
  implausibleFigures,
  ItemSchema,
  parseSerializedTravelState,
  TravelPayloadSchema,
} from 'transport-quote-wizard/domain';
import { editCloseDays } from '../db/customer-follow.ts';
import type { ServerLimits } from '../config/limits.ts';
import type { Sql } from '../db/sql.ts';
import { claimKey, completeKey, releaseKey } from '../db/idempotency.ts';
import {
  findTravel,
  findTravelTokenHash,
  insertTravel,
  ownersOf,
  storedSize,
  summaryOfPriced,
  type StoredTravel,
} from '../db/travels-repo.ts';
import { answer, publishSchema, refusal, routeSchema, PUBLIC_OR_CARRIER_KEY, TRAVEL_TOKEN } from '../http/route-schema.ts';
import { HttpError, parseOr400, presentedToken } from '../http/validation.ts';
import { KEY_AND_TOKEN_APART, KEY_REFUSED } from '../http/carrier-key.ts';
import { carrierOf } from '../notifications/notifier.ts';
import { priceBooking } from '../pricing/booking-pricing.ts';
import { storeEdit } from '../bookings/store-edit.ts';
import { misplacedStops } from '../pricing/stop-places.ts';
import { stateOfBody } from '../pricing/body-state.ts';
import type { OfflineGeocoder } from '../geo/geocoder.ts';
import { factsOf } from '../notifications/booking-events.ts';
import { clientKey } from '../security/client-key.ts';
import { generateToken, hashToken, sha256, tokenMatches } from '../security/tokens.ts';
import { companyOf } from './company-of.ts';
import {
  BOOKING_BODY,
  BookingSchema,
  CreatedSchema,
  IMPLAUSIBLE,
  INVALID,
  NOT_JSON,
  PRICE_CHANGED,
  QUOTA,
  TOO_LARGE,
  UpdatedSchema,
  type Booking,
} from './travel-answers.ts';
import { readCompanyStore } from '../db/company-store.ts';
import { keySettings } from '../db/carrier-keys.ts';
import { depositCents, devisMention, readDepositSetting } from '../payments/deposit-settings.ts';
import { currentDevisAcceptance } from '../devis/devis-signature.ts';

publishSchema('TravelPayload', TravelPayloadSchema, 'request');
publishSchema('ItemInput', ItemSchema, 'request');

export const IdParams = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.description('Numéro de la réservation (rendu à sa création).')),
});
const BookingHeaders = v.object({
  'idempotency-key': v.optional(
    v.pipe(
      v.string(),
      v.minLength(8),
      v.maxLength(200),
      v.regex(/^[\x21-\x7e]+$/),
      v.description(
        'Même clé et même corps : la première réponse est rejouée (24 h) ; même clé et autre corps : 422 ; la même requête encore en cours : 409.',
      ),
    ),
  ),
});

const NOT_FOUND = 'Réservation introuvable';
/** Compared against when the id is unknown, so that case takes the same time as a wrong token. */
const UNKNOWN_TRAVEL_HASH = '0'.repeat(64);

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
  // A page with a carrier's key opens only that carrier's bookings: another's is as unknown.
  if (request.site && request.site.id !== carrierOfBooking(travel, request.server.keylessCompany)) throw new HttpError(404, NOT_FOUND);
  return travel;
}

/**
 * Whose booking it is: its company's, the carrier whose key's page made it, or (made on a page
 * without a key) the company whose records price the keyless pages (app.ts).
 */
function carrierOfBooking(travel: StoredTravel, keylessCompany: number | null): number | null {
  return travel.company_id ?? travel.carrier_id ?? keylessCompany;
}

const UNREADABLE_STORE =
  'État des éléments illisible\u00a0: omettez store_serialized (le serveur le construit à partir du corps) ou envoyez celui que les éléments écrivent ({"version":1,"state":{…}}).';

/** The body checked on its own (schema, the client's store, prices that cannot be): nothing is read from the database. */
function checkBooking(body: unknown, limits: ServerLimits) {
  const payload = parseOr400(TravelPayloadSchema, body);
  // Left out by a client that is not one of the elements: built from the body (it sets no price).
  const state = payload.store_serialized === '' ? stateOfBody(payload) : parseSerializedTravelState(payload.store_serialized);
  if (state === null) {
    throw new HttpError(400, 'Requête invalide', [{ path: 'store_serialized', message: UNREADABLE_STORE }]);
  }
  const impossible = implausibleFigures(payload, { priceCeilingEuros: limits.priceCeilingEuros });
  if (impossible.length > 0) throw new HttpError(422, 'Chiffres impossibles dans la réservation', impossible);
  // The company token opens the whole company: it is kept as the company's id, never stored or echoed.
  const { company_token: companyToken, ...stored } = payload;
  return { payload: stored as typeof payload, companyToken, state };
}

/**
 * The carrier whose public page (its key) a booking is made on, or null. A page with both a
 * key and a company token must name the same carrier: one carrier's key never books for another.
 */
function sitePricing(request: FastifyRequest, companyId: number | null): number | null {
  const site = request.site;
  if (site === null) return null;
  if (companyId !== null && companyId !== site.id) throw new HttpError(403, KEY_AND_TOKEN_APART);
  return companyId === null ? site.id : null;
}

/** Refuses stops placed far from their written address: the server prices the coordinates, the carrier drives to the address. */
function assertStopsWhereWritten(payload: { addresses: Parameters<typeof misplacedStops>[0] }, geocoder: () => OfflineGeocoder): void {
  const problems = misplacedStops(payload.addresses, geocoder());
  if (problems.length > 0) throw new HttpError(422, 'Choix refusés par le transporteur', problems);
}

/**
 * When a booking stops taking edits: its carrier's number of days before the move (Réglages),
 * from the day stored (never the one a body sends). null: it has no day, and never closes.
 */
export async function editDeadline(sql: Sql, travel: StoredTravel): Promise<{ closeAt: number | null; closeDays: number }> {
  const closeDays = await editCloseDays(sql, travel.company_id ?? travel.carrier_id);
  return { closeAt: editsCloseAt(travel.payload.travel.beginning_date, closeDays), closeDays };
}

/** The answer to a retry while the first request with its key has not finished, with when to try again. */
function inProgressMessage(seconds: number): string {
  return `Cette réservation est déjà en cours d’enregistrement\u00a0: réessayez dans ${seconds}\u00a0seconde${seconds > 1 ? 's' : ''} avec la même clé, elle ne sera pas enregistrée deux fois.`;
}

/** Refuses an edit made after its deadline, on the server's clock, whoever sends it (edit link or company token). */
async function assertEditsOpen(sql: Sql, travel: StoredTravel): Promise<void> {
  const { closeAt, closeDays } = await editDeadline(sql, travel);
  if (editsOpen(closeAt, Date.now())) return;
  const message = editsClosedMessage(closeAt!, closeDays);
  throw new HttpError(422, message, [{ path: 'travel.beginning_date', message }]);
}

/** The bookings (spec §7): created, read and changed by their token, priced by the server. */
export const travelRoutes: FastifyPluginAsync = async (app) => {
  createTravelRoute(app);
  updateTravelRoute(app);
  readTravelRoute(app);
};

function createTravelRoute(app: FastifyInstance): void {
  const { sql, limits, quotas, quotes, addressSecret, metrics, notifier, publicPricing, geocoder } = app;
  const createSchema = routeSchema({
    operationId: 'creerReservation',
    tags: ['Réservations'],
    summary: 'Créer une réservation',
    description: BOOKING_BODY,
    security: PUBLIC_OR_CARRIER_KEY,
    headers: BookingHeaders,
    body: TravelPayloadSchema,
    answers: {
      201: answer('Réservation créée : son numéro et son jeton.', CreatedSchema, {
        'idempotent-replayed': {
          type: 'string',
          enum: ['true'],
          description: 'true quand la réponse est celle, rejouée, d’une requête précédente de même clé.',
        },
      }),
      400: INVALID,
      403: KEY_REFUSED,
      404: refusal('Entreprise inconnue (company_token).'),
      409: PRICE_CHANGED,
      413: TOO_LARGE,
      415: NOT_JSON,
      422: IMPLAUSIBLE,
      507: QUOTA,
    },
  });
  app.post('/api/v1/travels', { schema: createSchema }, async (request, reply) => {
    const key = parseOr400(BookingHeaders, request.headers, 'Idempotency-Key invalide')['idempotency-key'] ?? null;
    if (key !== null) {
      const decision = await claimKey(sql, key, sha256(request.rawBody ?? ''), Date.now());
      if (decision.kind === 'replay') return reply.code(decision.status).header('idempotent-replayed', 'true').send(decision.body);
      if (decision.kind === 'conflict') throw new HttpError(422, 'Cette clé d’idempotence a déjà servi pour une autre réservation');
      // Not the 409 of a changed price: no quote, a Retry-After, and the key is taken over once
      // the first request is known to have died (a killed process), so the retry books it once.
      if (decision.kind === 'in-progress')
        throw new HttpError(409, inProgressMessage(decision.retryAfterSeconds), undefined, undefined, decision.retryAfterSeconds);
    }
    try {
      const { payload, companyToken, state } = checkBooking(request.body, limits);
      assertStopsWhereWritten(payload, geocoder);
      const company = await companyOf(sql, companyToken);
      const companyId = company?.id ?? null;
      // A carrier's public page (its key): the booking is that carrier's, priced on its records.
      const siteId = sitePricing(request, companyId);
      // Priced before the write: a route or a pool's code may take a moment, the transaction does not.
      const priced = await priceBooking(quotes, sql, payload, state, companyId, companyId === null ? 'public' : 'company', null, siteId);
      const token = generateToken();
      const addressKey = companyToken === undefined ? clientKey(request.ip, addressSecret) : null;
      // The e-mails' carrier: the company, the key's carrier, or the company the keyless pages belong to.
      const publicOwner = publicPricing.id === null ? null : Number(publicPricing.id);
      const ownerStore =
        company?.store_json ?? request.site?.store_json ?? (publicOwner === null ? null : await readCompanyStore(sql, publicOwner));
      const carrier = carrierOf(ownerStore, publicPricing);
      // The deposit its carrier asks online, said in the confirmation as the devis will say it (issue 55).
      const depositOwner = companyId ?? siteId ?? publicOwner;
      const deposit =
        app.deposits.enabled && depositOwner !== null && priced.priceSource !== 'pending'
          ? await readDepositSetting(sql, depositOwner)
          : null;
      // The booking, its key's answer, its event and its e-mail are written together: a retry
      // finds all or none, and a crash cannot keep the booking and lose what follows it.
      const { answer, uses, written } = await sql.transaction(async (tx) => {
        const uses = await quotas.assertRoom(tx, ownersOf(companyId, addressKey, siteId), storedSize(priced.payload));
        const now = new Date().toISOString();
        const id = await insertTravel(tx, priced, hashToken(token), companyId, now, addressKey, siteId);
        const body = { id, token };
        const summary = summaryOfPriced(priced);
        const facts = factsOf({
          id,
          company_id: companyId,
          carrier_id: siteId,
          created_at: now,
          updated_at: now,
          state: 'new',
          refusal_reason: null,
          payload: priced.payload,
          price_source: priced.priceSource,
          price_check: priced.priceCheck,
          // The summary stored with it: its price lines, and the total the e-mails write.
          summary,
        });
        if (deposit) facts.depositMention = devisMention(deposit, depositCents(deposit, summary.total));
        const written = await notifier.record(tx, 'booking.created', facts, carrier, token);
        // The customer's two links, the very ones of the confirmation e-mail: the success panel shows them (issue 55, point 5).
        const answer = {
          ...body,
          confirmation_email: written.confirmation ?? 'none',
          edit_url: notifier.editUrl(id, token),
          follow_url: notifier.followUrl(id, token),
        };
        if (key !== null) await completeKey(tx, key, 201, answer);
        return { answer, uses, written };
      });
      notifier.wake(written);
      quotas.report(uses);
      metrics?.bookings.inc({ action: 'created', owner: companyId === null ? 'public' : 'company' });
      return reply.code(201).send(answer);
    } catch (error) {
      // A refused request frees its key: the client may correct it and retry with the same key.
      if (key !== null) await releaseKey(sql, key);
      throw error;
    }
  });
}

function updateTravelRoute(app: FastifyInstance): void {
  const { sql, limits, quotes, geocoder } = app;
  const updateSchema = routeSchema({
    operationId: 'modifierReservation',
    tags: ['Réservations'],
    summary: 'Modifier une réservation',
    description: `${BOOKING_BODY} Une réservation d’entreprise garde l’entreprise et les prix qu’elle a fixés.`,
    security: TRAVEL_TOKEN,
    params: IdParams,
    body: TravelPayloadSchema,
    answers: {
      200: answer('Réservation modifiée.', UpdatedSchema),
      400: INVALID,
      403: refusal(
        'Le company_token est celui d’une autre entreprise (ou la réservation est publique) : l’entreprise d’une réservation ne change pas.',
      ),
      404: refusal('Réservation introuvable : numéro inconnu, ou jeton absent ou faux (les deux répondent pareil).'),
      409: PRICE_CHANGED,
      413: TOO_LARGE,
      415: NOT_JSON,
      422: refusal(
        'Chiffres impossibles ou choix refusés (listés dans fields), ou modification trop tardive : le transporteur ferme les modifications en ligne un nombre de jours avant le déménagement (edits_close_at de la réservation).',
      ),
      507: QUOTA,
    },
  });
  app.patch('/api/v1/travels/:id', { schema: updateSchema }, async (request): Promise<v.InferOutput<typeof UpdatedSchema>> => {
    const travel = await openTravel(sql, request);
    await assertEditsOpen(sql, travel);
    const { payload, companyToken, state } = checkBooking(request.body, limits);
    assertStopsWhereWritten(payload, geocoder);
    // A booking's company is fixed when it is made: a token of another company (or any company
    // token on a public booking) changes nothing and is refused.
    const companyId = (await companyOf(sql, companyToken))?.id ?? null;
    if (companyId !== null && companyId !== travel.company_id)
      throw new HttpError(403, 'Cette réservation n’appartient pas à cette entreprise : son entreprise ne change pas.');
    const actor = travel.company_id === null ? 'public' : companyId === null ? 'edit-link' : 'company';
    const priced = await priceBooking(
      quotes,
      sql,
      payload,
      state,
      travel.company_id,
      actor,
      {
        payload: travel.payload,
        state: parseSerializedTravelState(travel.payload.store_serialized),
        priceSource: travel.price_source,
        priceCheck: travel.price_check,
      },
      travel.carrier_id,
    );
    await storeEdit(app, travel, priced);
    return { id: travel.id, quote_id: priced.quote.id };
  });
}

function readTravelRoute(app: FastifyInstance): void {
  const { sql } = app;
  const readSchema = routeSchema({
    operationId: 'lireReservation',
    tags: ['Réservations'],
    summary: 'Relire une réservation',
    description:
      'Pour rouvrir une réservation quand la page n’a pas de bloc de données : le corps tel qu’il a été enregistré, et ce que le serveur y ajoute.',
    security: TRAVEL_TOKEN,
    params: IdParams,
    answers: {
      200: answer('La réservation.', BookingSchema),
      404: refusal('Réservation introuvable : numéro inconnu, ou jeton absent ou faux (les deux répondent pareil).'),
    },
  });
  app.get('/api/v1/travels/:id', { schema: readSchema }, async (request): Promise<Booking> => {
    const travel = await openTravel(sql, request);
    const { closeAt } = await editDeadline(sql, travel);
    // Made on a public page: its carrier's key as it is today (a key replaced since still reopens
    // it there), so the edit page prices, shows and brands it as that carrier's pages do.
    const carrier = travel.company_id === null ? carrierOfBooking(travel, app.keylessCompany) : null;
    const carrierKey = carrier === null ? null : (await keySettings(sql, carrier)).publicKey;
    return {
      id: travel.id,
      created_at: travel.created_at,
      updated_at: travel.updated_at,
      ...travel.payload,
      travel: { ...travel.payload.travel, travel_id: travel.id },
      // Saved from a company's page: a public edit link shows the company's prices as they are.
      made_by_company: travel.company_id !== null,
      state: travel.state,
      ...(travel.state === 'refused' && travel.refusal_reason ? { refusal_reason: travel.refusal_reason } : {}),
      // 'quote': the carrier's price; 'company': fixed by the company, its grid's figures beside it in price_check.
      price_source: travel.price_source,
      ...(travel.price_check ? { price_check: travel.price_check } : {}),
      ...(travel.summary?.lines?.length ? { price_lines: travel.summary.lines } : {}),
      ...(closeAt === null ? {} : { edits_close_at: new Date(closeAt).toISOString() }),
      ...(carrierKey ? { carrier_key: carrierKey } : {}),
      // Signed as it stands: the page warns before an edit undoes the signature (issue 55, point 8).
      devis_signed: (await currentDevisAcceptance(sql, travel, app.publicPricing)) !== null,
    };
  });
}
