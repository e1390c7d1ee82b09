import { readTypedEuros } from 'transport-quote-wizard/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import * as v from 'valibot';
import { mayMove } from '../bookings/booking-states.ts';
import { carrierMayEditPrice } from '../bookings/booking-carrier.ts';
import type { BackOfficeSettings } from '../config/back-office.ts';
import { bookingInScope } from '../db/carrier-bookings.ts';
import { latestCounterOffer } from '../db/counter-offers.ts';
import { latestDevisAcceptance } from '../db/devis-acceptances.ts';
import { currentDevisAcceptance } from '../devis/devis-signature.ts';
import { withheldMails } from '../db/mail-repo.ts';
import type { Sql } from '../db/sql.ts';
import { findTravel, type StoredTravel } from '../db/travels-repo.ts';
import { HttpError } from '../http/validation.ts';
import { depositCard } from './deposit-marks.ts';
import { generateToken, hashToken } from '../security/tokens.ts';
import { renderBookingPage, REASON_MAX, tellsCustomer, type BookingPageInput } from './booking-page.ts';
import { COUNTER_OFFER_MS, readOffer } from './counter-offer-form.ts';
import { doneMessage } from './done-messages.ts';
import { BASE, type Viewer } from './layout.ts';
import { page } from './office-page.ts';
import { refusalText, REFUSAL_REASON_KEYS } from './refusal-reasons.ts';

const IdParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
/** A refusal: a ready reason, and the carrier's words (required for 'autre', a complement for the others). */
const RefusalForm = v.object({
  raison: v.optional(v.picklist(REFUSAL_REASON_KEYS), 'autre'),
  motif: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(REASON_MAX)), ''),
});
/** Euros as a French carrier types them ('1190', '1 190,50', '1190.5'), in cents. */
const Euros = v.pipe(
  v.string(),
  v.transform(readTypedEuros),
  v.check((cents) => cents !== undefined),
  v.transform((cents) => cents!),
);
const PriceForm = v.object({ transport: Euros, manutention: Euros });
/** 'Proposer une autre date' as typed; read by readOffer (counter-offer-form.ts). */
const OfferForm = v.object({
  date: v.pipe(v.string(), v.trim(), v.maxLength(20)),
  heure: v.pipe(v.string(), v.trim(), v.maxLength(10)),
  transport: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20)), ''),
  manutention: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20)), ''),
});

export interface BookingRoutesDeps {
  sql: Sql;
  settings: BackOfficeSettings;
  signedIn: preHandlerHookHandler;
  protectedForm: { preHandler: preHandlerHookHandler[] };
  viewerOf: (request: FastifyRequest, reply: FastifyReply) => Viewer;
  priceCeilingEuros: number;
}

/**
 * A booking's page in the back office and the carrier's answers to it. Each answer reads the
 * booking through the session's scope (another company's booking is a 404 like an unknown one),
 * parses its form, calls the booking's move (bookings/lifecycle.ts) and shows what came of it.
 */
export function bookingRoutes(office: FastifyInstance, deps: BookingRoutesDeps): void {
  const { sql, settings, signedIn, protectedForm, viewerOf } = deps;
  const { bookings, notifier, publicPricing } = office;
  const mailOn = notifier.mailDescription !== null;
  const notFound = () => new HttpError(404, 'Réservation introuvable');
  const back = (travel: StoredTravel, done: string) => `${BASE}/reservations/${travel.id}?fait=${done}`;
  /** A decision taken from the list goes back to it, its message and undo there (issue 55, point 11). */
  const backFrom = (request: FastifyRequest, travel: StoredTravel, done: string) =>
    (request.body as Record<string, unknown> | undefined)?.retour === 'liste'
      ? `${BASE}/reservations?${new URLSearchParams({ fait: done, reservation: String(travel.id) })}`
      : back(travel, done);
  /** The suffix of a decision's message when the customer hears of it from nobody but the carrier. */
  const told = (travel: StoredTravel) => (tellsCustomer(travel, mailOn) ? '' : '-sans-courriel');

  /** A booking the session's scope sees, or a 404 exactly like an unknown one. */
  const scopedTravel = async (request: FastifyRequest): Promise<StoredTravel> => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) throw notFound();
    const id = params.output.id;
    if (!(await bookingInScope(sql, request.carrier!.scope, id))) throw notFound();
    const travel = await findTravel(sql, id);
    if (!travel) throw notFound();
    return travel;
  };

  /** A booking's page, with what every answer about it shows (its withheld e-mails, its latest counter-offer, the undo window). */
  const showBooking = async (
    request: FastifyRequest,
    reply: FastifyReply,
    travel: StoredTravel,
    extra: Partial<BookingPageInput> = {},
    status = 200,
  ) =>
    page(
      reply,
      renderBookingPage({
        viewer: viewerOf(request, reply),
        travel,
        message: null,
        mailOn,
        withheld: await withheldMails(sql, travel.id),
        undoAcceptMs: settings.undoAcceptMs,
        offer: await latestCounterOffer(sql, travel.id),
        canEditPrice: await carrierMayEditPrice(sql, travel),
        devisAcceptance: {
          latest: await latestDevisAcceptance(sql, travel.id),
          current: await currentDevisAcceptance(sql, travel, publicPricing),
        },
        deposit: office.deposits.enabled ? await depositCard(sql, travel.id) : '',
        ...extra,
      }),
      status,
    );

  office.get('/reservations/:id', { preHandler: signedIn }, async (request, reply) => {
    const travel = await scopedTravel(request);
    return showBooking(request, reply, travel, { message: doneMessage((request.query as Record<string, unknown>).fait) });
  });

  office.post('/reservations/:id/accepter', protectedForm, async (request, reply) => {
    const travel = await scopedTravel(request);
    const outcome = await bookings.accept(travel);
    // No acceptance before a price: the grid gave none, the carrier sets it first.
    if (outcome === 'price-pending') return reply.redirect(back(travel, 'prix-a-fixer'), 303);
    const accepted = settings.undoAcceptMs > 0 && tellsCustomer(travel, mailOn) ? 'acceptee-annulable' : `acceptee${told(travel)}`;
    return reply.redirect(backFrom(request, travel, outcome === 'accepted' ? accepted : 'deja'), 303);
  });

  office.post('/reservations/:id/annuler-acceptation', protectedForm, async (request, reply) => {
    const travel = await scopedTravel(request);
    const outcome = await bookings.undoAcceptance(travel);
    return reply.redirect(backFrom(request, travel, outcome === 'undone' ? 'acceptation-annulee' : 'annulation-trop-tard'), 303);
  });

  office.post('/reservations/:id/refuser', protectedForm, async (request, reply) => {
    const travel = await scopedTravel(request);
    const form = v.safeParse(RefusalForm, request.body);
    const reason = form.success ? refusalText(form.output.raison, form.output.motif) : null;
    if (!form.success || reason === null) {
      const body = (request.body as Record<string, unknown> | undefined) ?? {};
      const text = `Choisissez un motif, ou écrivez le vôtre (de 3 à ${REASON_MAX} caractères) avec «\u00a0Autre\u00a0».`;
      return showBooking(
        request,
        reply,
        travel,
        {
          message: { kind: 'error', text },
          reason: String(body.motif ?? '').slice(0, REASON_MAX) || ' ',
          refusal: form.success ? form.output.raison : 'autre',
        },
        422,
      );
    }
    const outcome = await bookings.refuse(travel, reason);
    return reply.redirect(back(travel, outcome === 'refused' ? `refusee${told(travel)}` : 'deja'), 303);
  });

  /**
   * 'Proposer une autre date' on a booking awaiting an answer: a day and an hour (French), and
   * another price where the company's records allow it (can_edit_price; checked here, whatever
   * the form holds). The link is shown to the carrier on this answer alone.
   */
  office.post('/reservations/:id/contre-proposition', protectedForm, async (request, reply) => {
    const travel = await scopedTravel(request);
    if (!mayMove(travel.state, 'offerAnotherDate')) return reply.redirect(back(travel, 'deja'), 303);
    const form = v.safeParse(OfferForm, request.body);
    const typed = form.success ? form.output : { date: '', heure: '', transport: '', manutention: '' };
    const refuse = (text: string, status = 422) =>
      showBooking(request, reply, travel, { message: { kind: 'error', text }, offerTyped: typed, offerError: text }, status);
    if (!form.success) return refuse('Indiquez la date (jj/mm/aaaa) et l’heure (hh:mm) proposées.');
    if (travel.price_source === 'pending') return refuse('Fixez d’abord le prix de cette réservation.');
    const offer = readOffer(form.output, Date.now(), travel.payload.travel.beginning_date, travel.payload.travel.ending_date);
    if (typeof offer === 'string') return refuse(offer);
    if (offer.price) {
      if (!(await carrierMayEditPrice(sql, travel)))
        return refuse(
          'Vos réglages ne permettent pas de changer le prix (prix modifiable)\u00a0: proposez une autre date au même prix.',
          403,
        );
      const refusal = priceRefusal(offer.price, deps.priceCeilingEuros);
      if (refusal) return refuse(refusal);
    }
    const token = generateToken();
    const base = notifier.linkBase() ?? `${request.protocol}://${request.host}`;
    const url = `${base}/contre-proposition/${travel.id}?${new URLSearchParams({ jeton: token })}`;
    const { mailed } = await bookings.offerAnotherDate(travel, {
      beginning: offer.beginning,
      ending: offer.ending,
      price: offer.price,
      expiresAt: new Date(Date.now() + COUNTER_OFFER_MS).toISOString(),
      userEmail: request.carrier!.email,
      tokenHash: hashToken(token),
      url,
    });
    const text = mailed
      ? 'Proposition envoyée au client par e-mail\u00a0: la réservation attend sa réponse.'
      : 'Proposition enregistrée. Le client n’a pas donné d’e-mail\u00a0: envoyez-lui le lien ci-dessous par SMS.';
    return showBooking(request, reply, travel, { message: { kind: 'success', text }, offerLink: { url, mailed } }, 201);
  });

  /** The carrier's price for a booking its grid gave none for ('prix à fixer'): transport and handling TTC. */
  office.post('/reservations/:id/prix', protectedForm, async (request, reply) => {
    const travel = await scopedTravel(request);
    if (travel.price_source !== 'pending') return reply.redirect(back(travel, 'prix-deja'), 303);
    const form = v.safeParse(PriceForm, request.body);
    const refuse = (text: string) => showBooking(request, reply, travel, { message: { kind: 'error', text } }, 422);
    if (!form.success) return refuse('Indiquez le transport et la manutention en euros TTC, par exemple 1190 ou 1190,50.');
    const price = { transport: form.output.transport, handling: form.output.manutention };
    const refusal = priceRefusal(price, deps.priceCeilingEuros);
    if (refusal) return refuse(refusal);
    const outcome = await bookings.setCarrierPrice(travel, price);
    if (outcome === 'no-quote') return refuse('Cette réservation n’a pas de devis sur lequel fixer un prix.');
    return reply.redirect(back(travel, outcome === 'priced' ? 'prix-fixe' : 'prix-deja'), 303);
  });
}

/** Why a price the carrier typed (cents TTC) cannot be taken: nothing, or above the server's ceiling. */
function priceRefusal(price: { transport: number; handling: number }, ceilingEuros: number): string | null {
  if (price.transport + price.handling <= 0) return 'Le prix doit être supérieur à 0\u00a0€.';
  if (Math.max(price.transport, price.handling) > ceilingEuros * 100)
    return `Un prix ne peut pas dépasser le plafond de ${ceilingEuros}\u00a0€.`;
  return null;
}
