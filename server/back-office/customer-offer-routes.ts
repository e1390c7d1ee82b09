import { createHash } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { mayMove } from '../bookings/booking-states.ts';
import { offeredTotal } from '../bookings/booking-figures.ts';
import { counterOfferByToken, markCounterOfferDeclined, offerClosed, type CounterOffer } from '../db/counter-offers.ts';
import { findTravel, type StoredTravel } from '../db/travels-repo.ts';
import { customerFormRefusal } from '../http/customer-form.ts';
import { renderOfferPage, type OfferPageState } from '../pages/counter-offer-page.ts';
import { when } from '../pages/dashboard-page.ts';
import { devisBrandStyle } from '../pages/devis-page.ts';
import type { Carrier } from '../notifications/mail-messages.ts';
import { hashToken } from '../security/tokens.ts';
import { BACK_OFFICE_CSP } from './layout.ts';

const Params = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
/** A token as generateToken makes them (base64url), nothing longer. */
const Token = v.pipe(v.string(), v.regex(/^[\w-]{10,100}$/));
const TokenQuery = v.object({ jeton: Token });
const TokenForm = v.object({ jeton: Token });

const CLOSED: Record<'accepted' | 'declined' | 'withdrawn' | 'expired' | 'unknown' | 'answered', { title: string; text: string }> = {
  declined: {
    title: 'Proposition refusée',
    text: 'Vous avez refusé cette proposition\u00a0: votre réservation reste à la date que vous aviez demandée, et le transporteur en est informé. Il vous répondra, ou appelez-le.',
  },
  accepted: {
    title: 'Proposition déjà acceptée',
    text: 'Vous avez déjà accepté cette proposition\u00a0: votre réservation est confirmée.',
  },
  withdrawn: {
    title: 'Proposition remplacée',
    text: 'Le transporteur a remplacé cette proposition ou a déjà répondu à votre réservation\u00a0: rien n’a changé. Suivez le lien de son dernier message.',
  },
  expired: {
    title: 'Proposition expirée',
    text: 'Cette proposition a expiré\u00a0: rien n’a changé. Contactez le transporteur pour en convenir.',
  },
  answered: {
    title: 'Réservation déjà traitée',
    text: 'Le transporteur a déjà répondu à cette réservation\u00a0: cette proposition ne peut plus être acceptée.',
  },
  unknown: {
    title: 'Lien invalide',
    text: 'Ce lien ne correspond à aucune proposition. Vérifiez qu’il est complet, ou contactez le transporteur.',
  },
};

/**
 * The customer's side of a counter-offer, outside the back office (no session: the link's token
 * is the credential, checked against the booking it names, so another booking's token opens
 * nothing): GET shows the offer, POST accepts it once, before it expires, while the booking still
 * awaits an answer; a POST from another site, or with a body no page's form sends, is refused
 * before it is read (http/customer-form.ts). Accepting moves the booking to the offer's day (and the carrier's price, signed
 * as the carrier's own quote, never a figure from the browser), accepts it, and tells the webhooks
 * and the customer (the acceptance's e-mail).
 */
export async function customerOfferRoutes(app: FastifyInstance): Promise<void> {
  const { sql, bookings } = app;
  const carrierFor = (travel: StoredTravel) => bookings.carrierOf(travel);
  await app.register(async (scope) => {
    await scope.register(fastifyFormbody);
    /** The page, under its carrier's name and in its colour when the booking is known (never on a stranger's link). */
    const send = (reply: FastifyReply, state: OfferPageState, status = 200, carrier: Carrier | null = null) => {
      const style = devisBrandStyle(carrier);
      const policy = style
        ? BACK_OFFICE_CSP.replace("style-src 'self'", `style-src 'self' 'sha256-${createHash('sha256').update(style).digest('base64')}'`)
        : BACK_OFFICE_CSP;
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-security-policy', policy)
        .send(renderOfferPage(state, carrier ? { name: carrier.name, style } : null));
    };
    const closed = async (reply: FastifyReply, why: keyof typeof CLOSED, travel: StoredTravel | null, status: number) => {
      const carrier = travel ? await carrierFor(travel) : null;
      return send(reply, { kind: 'closed', ...CLOSED[why], carrierPhone: carrier?.phone_number ?? '' }, status, carrier);
    };

    /** The booking and offer a link names, or why it opens nothing. */
    const open = async (request: FastifyRequest, token: string | null) => {
      const params = v.safeParse(Params, request.params);
      if (!params.success || token === null) return null;
      const offer = await counterOfferByToken(sql, params.output.id, hashToken(token));
      if (!offer) return null;
      const travel = await findTravel(sql, offer.travel_id);
      return travel ? { offer, travel } : null;
    };

    const showOpen = async (reply: FastifyReply, offer: CounterOffer, travel: StoredTravel, token: string) => {
      const carrier = await carrierFor(travel);
      return send(
        reply,
        {
          kind: 'open',
          travel,
          offer,
          token,
          carrierName: carrier.name,
          carrierPhone: carrier.phone_number,
          newTotal: offeredTotal(travel, offer),
        },
        200,
        carrier,
      );
    };

    scope.get('/contre-proposition/:id', async (request, reply) => {
      const query = v.safeParse(TokenQuery, request.query);
      const found = await open(request, query.success ? query.output.jeton : null);
      if (!found) return closed(reply, 'unknown', null, 404);
      const { offer, travel } = found;
      const carrier = await carrierFor(travel);
      if (offer.accepted_at)
        return send(
          reply,
          { kind: 'accepted', travel, offer, carrierName: carrier.name, carrierPhone: carrier.phone_number },
          200,
          carrier,
        );
      const why = offerClosed(offer, new Date().toISOString());
      if (why) return closed(reply, why, travel, 410);
      if (!mayMove(travel.state, 'acceptCounterOffer')) return closed(reply, 'answered', travel, 410);
      return showOpen(reply, offer, travel, query.success ? query.output.jeton : '');
    });

    // As 'Bon pour accord': another site's post, or a body no page's form sends, is refused before it is read.
    const refuseForeignForm = async (request: FastifyRequest, reply: FastifyReply) => {
      const refusal = customerFormRefusal(request);
      if (!refusal) return;
      return send(reply, { kind: 'closed', title: refusal.title, text: refusal.text, carrierPhone: '' }, refusal.status);
    };

    /** The open offer a customer's form answers; null once the page saying why it cannot be answered is sent. */
    const openToAnswer = async (request: FastifyRequest, reply: FastifyReply) => {
      const form = v.safeParse(TokenForm, request.body);
      const token = form.success ? form.output.jeton : null;
      const found = await open(request, token);
      if (!found || token === null) {
        await closed(reply, 'unknown', null, 404);
        return null;
      }
      const why = offerClosed(found.offer, new Date().toISOString());
      if (why) {
        await closed(reply, why, found.travel, 409);
        return null;
      }
      return { ...found, token };
    };

    scope.post('/contre-proposition/:id', { onRequest: refuseForeignForm }, async (request, reply) => {
      const answering = await openToAnswer(request, reply);
      if (!answering) return reply;
      const { offer, travel, token } = answering;
      if (!mayMove(travel.state, 'acceptCounterOffer')) return closed(reply, 'answered', travel, 409);
      if ((await bookings.acceptCounterOffer(travel, offer)) !== 'accepted') return closed(reply, 'answered', travel, 409);
      request.log.info({ travel: travel.id, day: when(offer.beginning_date) }, 'contre-proposition acceptée par le client');
      return reply.redirect(`/contre-proposition/${travel.id}?${new URLSearchParams({ jeton: token })}`, 303);
    });

    // The customer may decline (issue 55, point 11): the offer closes, the booking keeps the day it
    // asked for and awaits the carrier's answer, which its page and list show.
    scope.post('/contre-proposition/:id/refus', { onRequest: refuseForeignForm }, async (request, reply) => {
      const answering = await openToAnswer(request, reply);
      if (!answering) return reply;
      const { offer, travel } = answering;
      // Declined and told to the carrier's alerts together: a crash keeps both or neither.
      const declined = await sql.transaction(async (tx) => {
        if (!(await markCounterOfferDeclined(tx, offer.id, new Date().toISOString()))) return false;
        await app.notifier.recordOfferDeclined(tx, travel);
        return true;
      });
      if (!declined) return closed(reply, 'answered', travel, 409);
      request.log.info({ travel: travel.id }, 'contre-proposition refusée par le client');
      return closed(reply, 'declined', travel, 200);
    });
  });
}
