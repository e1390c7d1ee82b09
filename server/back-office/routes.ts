import { devisOwnerOf } from '../db/devis-source.ts';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import * as v from 'valibot';
import type { BackOfficeSettings } from '../config/back-office.ts';
import type { NotificationSettings } from '../config/notifications.ts';
import { endSession, findUserByEmail, normalEmail, recordSignIn } from '../db/accounts-repo.ts';
import { dropWaitingMail, withheldMails } from '../db/mail-repo.ts';
import {
  bookingInScope,
  BOOKING_STATES,
  countViews,
  everyBooking,
  listBookings,
  possibleDuplicates,
  VIEWS,
  type ListFilter,
} from '../db/carrier-bookings.ts';
import { forgiveTry, pastTheLock, recordFailure, signInGate, signInKeys } from '../db/sign-in-throttle.ts';
import { bookingSummary } from '../db/booking-summary.ts';
import { findQuote } from '../db/quotes-repo.ts';
import { decideTravel, findTravel, setCarrierPrice, undoAcceptance, type Decision, type StoredTravel } from '../db/travels-repo.ts';
import { isDatabaseUnavailable, DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { HttpError } from '../http/validation.ts';
import { factsOf, type EventType } from '../notifications/booking-events.ts';
import { carrierOf } from '../notifications/notifier.ts';
import { withCarrierPrice } from '../pricing/booking-pricing.ts';
import { companyRecord } from '../pricing/carrier-records.ts';
import { PricingUnavailable } from '../pricing/pricing-unavailable.ts';
import { clientKey } from '../security/client-key.ts';
import { generateToken, hashToken, sha256 } from '../security/tokens.ts';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from '../security/passwords.ts';
import { currentDevisAcceptance, latestDevisAcceptance, signedBookings } from '../db/devis-acceptances.ts';
import { renderBookingPage, REASON_MAX, tellsCustomer, type BookingPageInput } from './booking-page.ts';
import { closeCounterOffers, insertCounterOffer, latestCounterOffer } from '../db/counter-offers.ts';
import { customerOfferRoutes } from './customer-offer-routes.ts';
import { alertsRoutes } from './alerts-page.ts';
import { COUNTER_OFFER_MS, otherCosts, readOffer } from './counter-offer-form.ts';
import { when } from '../pages/dashboard-page.ts';
import { formatPrice } from 'transport-quote-wizard/domain';
import { refusalText, REFUSAL_REASON_KEYS } from './refusal-reasons.ts';
import { renderBookingsPage } from './bookings-page.ts';
import { incompleteNotice, missingMentions } from './settings/completeness-routes.ts';
import { csvHeader, csvRows } from './csv.ts';
import { BACK_OFFICE_CSP, BASE, dayOf, escapeHtml, frame, type Viewer } from './layout.ts';
import { readFrenchDay } from './french-day.ts';
import { cookieOptions, CSRF_COOKIE, csrfUserInfo, loadSession, requireSession, SESSION_COOKIE } from './session.ts';
import { renderSignInPage } from './sign-in-page.ts';
import { settingsRoutes } from './settings/routes.ts';
import { teamRoutes } from './team/routes.ts';
import { webhooksRoutes } from './webhooks-routes.ts';
import { directoryRoutes } from './directory/directory-routes.ts';
import { logoFile } from '../db/company-profile.ts';
import { depositCard, depositMarks } from '../payments/deposit-marks.ts';

/** What the back office reads beside the server's context. */
export interface BackOfficeOptions {
  settings: BackOfficeSettings;
  notifications: NotificationSettings;
  /** The form tokens' HMAC key (server_keys). */
  csrfKey: Buffer;
}

const PAGE_SIZE = 50;
/** Beyond the undo window, before the acceptance's e-mail may leave: an undo sent at the window's last second finds it still waiting. */
const UNDO_MARGIN_MS = 30_000;

const IdParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
const ListQuery = v.object({
  vue: v.optional(v.union([v.picklist(VIEWS), v.literal('')]), ''),
  etat: v.optional(v.union([v.picklist(BOOKING_STATES), v.literal('')]), ''),
  // Read by frenchDay below: jj/mm/aaaa as typed, or aaaa-mm-jj as the links write it.
  du: v.optional(v.pipe(v.string(), v.maxLength(20)), ''),
  au: v.optional(v.pipe(v.string(), v.maxLength(20)), ''),
  q: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number)), '1'),
  fait: v.optional(v.string()),
});
const SignInForm = v.object({
  email: v.pipe(v.string(), v.maxLength(254)),
  mot_de_passe: v.pipe(v.string(), v.maxLength(200)),
});
/** A refusal: a ready reason, and the carrier's words (required for 'autre', a complement for the others). */
const RefusalForm = v.object({
  raison: v.optional(v.picklist(REFUSAL_REASON_KEYS), 'autre'),
  motif: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(REASON_MAX)), ''),
});
/** Euros as a French carrier types them: '1190', '1 190,50', '1190.5'. */
const Euros = v.pipe(
  v.string(),
  v.trim(),
  v.transform((text) => text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')),
  v.regex(/^\d{1,6}(\.\d{1,2})?$/),
  v.transform(Number),
);
const PriceForm = v.object({ transport: Euros, manutention: Euros });
/** 'Proposer une autre date' as typed; read by readOffer (counter-offer-form.ts). */
const OfferForm = v.object({
  date: v.pipe(v.string(), v.trim(), v.maxLength(20)),
  heure: v.pipe(v.string(), v.trim(), v.maxLength(10)),
  transport: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20)), ''),
  manutention: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20)), ''),
});
/** What the sign-in page says after a sign-out, here or everywhere. */
const SIGNED_OUT: Record<string, string> = {
  '1': 'Vous êtes déconnecté.',
  partout: 'Vous êtes déconnecté de toutes vos sessions, sur tous vos appareils.',
};
/** What the sign-in page says after an account's link was used. */
const SIGN_IN_NEWS: Record<string, string> = {
  compte: 'Votre compte est créé\u00a0: connectez-vous avec votre adresse e-mail et le mot de passe choisi.',
  'mot-de-passe': 'Mot de passe changé\u00a0: connectez-vous avec le nouveau.',
};

/** What each finished action says once the page it leads back to is shown (Post/Redirect/Get). */
const DONE: Record<string, string> = {
  acceptee: 'Réservation acceptée\u00a0: le client en est prévenu par e-mail.',
  'acceptee-annulable': 'Réservation acceptée. Le client en sera prévenu par e-mail quand le délai d’annulation sera passé.',
  'acceptation-annulee': 'Acceptation annulée\u00a0: la réservation attend de nouveau votre réponse. Le client n’a rien reçu.',
  'annulation-trop-tard': 'Le délai pour annuler l’acceptation est passé\u00a0: le client en est prévenu. Appelez-le si besoin.',
  refusee: 'Réservation refusée\u00a0: le client en est prévenu par e-mail, avec votre motif.',
  'acceptee-sans-courriel': 'Réservation acceptée. Le client n’a pas donné d’e-mail\u00a0: prévenez-le vous-même.',
  'refusee-sans-courriel': 'Réservation refusée. Le client n’a pas donné d’e-mail\u00a0: prévenez-le vous-même.',
  deja: 'Cette réservation a déjà reçu une réponse\u00a0: rien n’a changé.',
  'prix-fixe': 'Prix fixé\u00a0: vous pouvez maintenant accepter la réservation.',
  'prix-deja': 'Le prix de cette réservation est déjà fixé\u00a0: rien n’a changé.',
  'prix-a-fixer': 'Fixez d’abord le prix de cette réservation\u00a0: elle ne peut pas être acceptée sans prix.',
};

export function page(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', BACK_OFFICE_CSP)
    .send(html);
}

/**
 * The carrier's back office, /espace-transporteur: sign-in per company (its own accounts,
 * never the company token), the company's bookings (and the public pages' for the company
 * they are assigned to), a booking's page with its decision, the CSV export, and the webhooks.
 * Server-rendered French pages without any script; every form carries a token bound to the
 * session (CSRF), every page and form needs the session, and every booking is read through
 * the session's scope, so another company's booking is a 404 like one that does not exist.
 */
export const backOfficeRoutes: FastifyPluginAsync<BackOfficeOptions> = async (app, options) => {
  const deps = {
    ...options,
    sql: app.sql,
    notifier: app.notifier,
    publicPricing: app.publicPricing,
    metrics: app.metrics,
    addressSecret: app.addressSecret,
    quotes: app.quotes,
    priceCeilingEuros: app.limits.priceCeilingEuros,
  };
  /** Who the customer deals with, from the carrier's records, checked as they are read (a bad record is a 503 naming it). */
  const carrierForTravel = async (travel: StoredTravel) => {
    // The company that made it, the carrier whose public page (its key) it was made on, or the
    // company the keyless public pages belong to.
    const owner = devisOwnerOf(travel, deps.publicPricing);
    const storeJson =
      owner === null
        ? null
        : ((await deps.sql.get<{ store_json: string }>('SELECT store_json FROM companies WHERE id = ?', [owner]))?.store_json ?? null);
    if (storeJson !== null) companyRecord(storeJson);
    return carrierOf(storeJson, deps.publicPricing);
  };
  // The customer's page of a counter-offer: outside the back office, its link's token for credential.
  await customerOfferRoutes(app, { sql: deps.sql, notifier: deps.notifier, quotes: deps.quotes, carrierFor: carrierForTravel });
  await app.register(
    async (office) => {
      const { sql, settings, notifier } = deps;
      await office.register(fastifyFormbody);
      await office.register(fastifyCookie);
      await office.register(fastifyCsrf, {
        sessionPlugin: '@fastify/cookie',
        cookieKey: CSRF_COOKIE,
        cookieOpts: cookieOptions,
        getUserInfo: csrfUserInfo,
        getToken: (request: FastifyRequest) => (request.body as Record<string, unknown> | undefined)?._csrf as string,
        csrfOpts: { hmacKey: deps.csrfKey },
        logLevel: 'info',
      });

      const viewerOf = (request: FastifyRequest, reply: FastifyReply): Viewer => {
        const carrier = request.carrier!;
        return {
          companyName: carrier.companyName,
          email: carrier.email,
          csrf: reply.generateCsrf({ userInfo: csrfUserInfo(request) }),
          role: carrier.role,
          logo: carrier.logo ? { src: `/logos/${logoFile(carrier.logo)}`, width: carrier.logo.width, height: carrier.logo.height } : null,
        };
      };
      const signedOut = (request: FastifyRequest, reply: FastifyReply) =>
        page(
          reply,
          frame(
            'Session terminée',
            `<h1>Session terminée</h1><p>Votre session a pris fin\u00a0: rien n’a été fait. <a href="${BASE}/connexion">Se reconnecter</a></p>`,
            null,
          ),
          401,
        );
      const signedIn = requireSession(sql, settings.publicCompanyId, signedOut);
      const protectedForm = { preHandler: [signedIn, office.csrfProtection] };

      office.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
        if (error.code?.startsWith('FST_CSRF'))
          return page(
            reply,
            frame(
              'Formulaire expiré',
              `<h1>Formulaire expiré</h1><p>Ce formulaire a expiré ou ne vient pas de cet espace\u00a0: rien n’a été fait. Rechargez la page et recommencez.</p><p><a href="${BASE}/reservations">Retour aux réservations</a></p>`,
              null,
            ),
            403,
          );
        if (isDatabaseUnavailable(error)) {
          void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
          return page(
            reply,
            frame(
              'Service indisponible',
              '<h1>Service momentanément indisponible</h1><p>La base de données ne répond pas. Réessayez dans quelques secondes.</p>',
              null,
            ),
            503,
          );
        }
        if (error instanceof PricingUnavailable) {
          void reply.header('retry-after', String(error.retryAfterSeconds));
          // 429: the company spent its grids' sandbox time of the minute; 503: its records, or the sandbox.
          const title = error.status === 429 ? 'Calcul des grilles en pause' : 'Réglages à corriger';
          return page(reply, frame(title, `<h1>${title}</h1><p>${escapeHtml(error.message)}</p>`, null), error.status);
        }
        if (error instanceof HttpError && error.statusCode < 500)
          return page(
            reply,
            frame(error.message, `<h1>${error.message}</h1><p><a href="${BASE}/reservations">Retour aux réservations</a></p>`, null),
            error.statusCode,
          );
        const status = error.statusCode ?? 500;
        if (status === 413 || status === 415 || status === 400)
          return page(
            reply,
            frame('Formulaire refusé', '<h1>Formulaire refusé</h1><p>Le formulaire envoyé est illisible ou trop long.</p>', null),
            status,
          );
        request.log.error({ err: { message: error.message, code: error.code } }, 'erreur interne');
        return page(
          reply,
          frame('Erreur', '<h1>Erreur interne</h1><p>Une erreur est survenue, veuillez réessayer dans un instant.</p>', null),
          500,
        );
      });

      const notFound = () => new HttpError(404, 'Réservation introuvable');
      const mailOn = notifier.mailDescription !== null;
      /** The suffix of a decision's message when the customer hears of it from nobody but the carrier. */
      const told = (travel: StoredTravel) => (tellsCustomer(travel, mailOn) ? '' : '-sans-courriel');

      office.get('/', async (request, reply) => {
        const carrier = await loadSession(sql, request, settings.publicCompanyId);
        return reply.redirect(`${BASE}/${carrier ? 'reservations' : 'connexion'}`, 303);
      });

      // Sign-in and sign-out.
      office.get('/connexion', async (request, reply) => {
        if (await loadSession(sql, request, settings.publicCompanyId)) return reply.redirect(`${BASE}/reservations`, 303);
        const query = request.query as Record<string, unknown>;
        const info = SIGNED_OUT[String(query.fin)] ?? SIGN_IN_NEWS[String(query.fait)] ?? null;
        return page(reply, renderSignInPage(reply.generateCsrf({ userInfo: csrfUserInfo(request) }), { info }));
      });

      office.post('/connexion', { preHandler: office.csrfProtection }, async (request, reply) => {
        const form = v.safeParse(SignInForm, request.body);
        const email = form.success ? form.output.email : '';
        const again = (status: number, error: string) =>
          page(reply, renderSignInPage(reply.generateCsrf({ userInfo: csrfUserInfo(request) }), { email, error }), status);
        if (!form.success || email.trim() === '' || form.output.mot_de_passe === '')
          return again(400, 'Saisissez votre adresse e-mail et votre mot de passe.');
        const keys = signInKeys(sha256(normalEmail(email)), clientKey(request.ip, deps.addressSecret));
        const now = Date.now();
        const gate = await signInGate(sql, keys, settings, now);
        if (gate.kind !== 'open') {
          void reply.header('retry-after', String(gate.seconds));
          return gate.kind === 'wait'
            ? again(429, `Trop d’essais manqués\u00a0: patientez ${gate.seconds}\u00a0s avant de réessayer.`)
            : again(429, `Trop d’essais manqués\u00a0: la connexion est bloquée pendant ${Math.ceil(gate.seconds / 60)}\u00a0min.`);
        }
        // Counted as failed before the password is checked, so tries sent together cannot all pass the gate.
        const counted = await recordFailure(sql, keys, settings, now);
        if (pastTheLock(counted, settings)) {
          void reply.header('retry-after', String(Math.ceil(settings.lockMs / 1000)));
          return again(
            429,
            `Trop d’essais manqués\u00a0: la connexion est bloquée pendant ${Math.ceil(settings.lockMs / 60_000)}\u00a0min.`,
          );
        }
        const user = await findUserByEmail(sql, email);
        // An unknown account costs the same hash as a known one: the answer's time tells nothing.
        const matches = await verifyPassword(form.output.mot_de_passe, user?.password_hash ?? UNKNOWN_ACCOUNT_HASH);
        if (!user || !matches) return again(401, 'Adresse e-mail ou mot de passe incorrect.');
        await forgiveTry(sql, keys);
        const token = generateToken();
        await recordSignIn(sql, user.id, hashToken(token), now, now + settings.sessionMs, request.headers['user-agent'] ?? '');
        void reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: Math.floor(settings.sessionMs / 1000) });
        // The form tokens of the signed-out page are not carried into the session.
        void reply.clearCookie(CSRF_COOKIE, cookieOptions);
        return reply.redirect(`${BASE}/reservations`, 303);
      });

      office.post('/deconnexion', protectedForm, async (request, reply) => {
        await endSession(sql, request.carrier!.sessionHash);
        void reply.clearCookie(SESSION_COOKIE, cookieOptions).clearCookie(CSRF_COOKIE, cookieOptions);
        return reply.redirect(`${BASE}/connexion?fin=1`, 303);
      });

      // The bookings.
      const filterOf = (
        request: FastifyRequest,
      ): { filter: ListFilter; page: number; done: string | null; typed: { du: string; au: string }; dateError: string | null } => {
        const today = dayOf(new Date().toISOString());
        const query = v.safeParse(ListQuery, request.query);
        const none = { du: '', au: '' };
        if (!query.success)
          return {
            filter: { view: 'a-traiter', today, state: null, from: null, to: null, query: '' },
            page: 1,
            done: null,
            typed: none,
            dateError: null,
          };
        const { vue, etat, du, au, q, page: number, fait } = query.output;
        const from = readFrenchDay(du);
        const to = readFrenchDay(au);
        const unread = [from, to].some((day) => day === undefined);
        return {
          filter: {
            // A search without a tab looks through every booking: a name typed is found whatever its state.
            view: vue !== '' ? vue : etat || du || au || q.trim() ? 'toutes' : 'a-traiter',
            today,
            state: etat === '' ? null : etat,
            from: from ?? null,
            to: to ?? null,
            query: q.trim(),
          },
          page: Math.max(1, number),
          done: fait ? (DONE[fait] ?? null) : null,
          typed: { du: du.trim(), au: au.trim() },
          dateError: unread
            ? 'Date illisible\u00a0: écrivez le jour, le mois et l’année, par exemple 17/12/2026. Ce filtre n’est pas appliqué.'
            : null,
        };
      };

      office.get('/reservations', { preHandler: signedIn }, async (request, reply) => {
        const { filter, page: number, done, typed, dateError } = filterOf(request);
        const scope = request.carrier!.scope;
        const [{ bookings, total }, counts] = await Promise.all([
          listBookings(sql, scope, filter, number, PAGE_SIZE),
          countViews(sql, scope, filter.today),
        ]);
        const duplicates = await possibleDuplicates(sql, scope, bookings);
        const signed = await signedBookings(
          sql,
          bookings.map((booking) => booking.id),
          deps.publicPricing,
        );
        return page(
          reply,
          renderBookingsPage({
            viewer: viewerOf(request, reply),
            withPublic: scope.withPublic,
            filter,
            counts,
            bookings,
            duplicates,
            signed,
            total,
            ...(app.deposits.enabled
              ? {
                  depositMarks: await depositMarks(
                    sql,
                    bookings.map((booking) => booking.id),
                  ),
                }
              : {}),
            page: number,
            pageSize: PAGE_SIZE,
            // Said to whoever can fix it (the administrators) until the devis carries every mention.
            incomplete:
              request.carrier!.role === 'administrateur' ? incompleteNotice(await missingMentions(sql, request.carrier!.companyId)) : null,
            message: done,
            ...(dateError ? { typed, dateError } : {}),
          }),
        );
      });

      office.get('/reservations.csv', { preHandler: signedIn }, async (request, reply) => {
        const { filter } = filterOf(request);
        const scope = request.carrier!.scope;
        async function* lines() {
          yield csvHeader();
          for await (const batch of everyBooking(sql, scope, filter)) yield csvRows(batch);
        }
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="reservations-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(lines()));
      });

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

      /** Whether the carrier's records let it propose another price: its company's can_edit_price (never for the keyless public pages). */
      const priceEditable = async (travel: StoredTravel): Promise<boolean> => {
        const owner = travel.company_id ?? travel.carrier_id;
        if (owner === null) return false;
        const row = await sql.get<{ store_json: string }>('SELECT store_json FROM companies WHERE id = ?', [owner]);
        if (!row) return false;
        try {
          return companyRecord(row.store_json).can_edit_price;
        } catch (error) {
          // Records the pricing cannot read still leave the booking readable; what prices it answers 503 naming the field.
          if (error instanceof PricingUnavailable) return false;
          throw error;
        }
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
            canEditPrice: await priceEditable(travel),
            devisAcceptance: {
              latest: await latestDevisAcceptance(sql, travel.id),
              current: await currentDevisAcceptance(sql, travel, deps.publicPricing),
            },
            deposit: app.deposits.enabled ? await depositCard(sql, travel.id) : '',
            ...extra,
          }),
          status,
        );

      office.get('/reservations/:id', { preHandler: signedIn }, async (request, reply) => {
        const travel = await scopedTravel(request);
        const done = (request.query as Record<string, unknown>).fait;
        const text = typeof done === 'string' ? DONE[done] : undefined;
        const kind = done === 'prix-a-fixer' || done === 'annulation-trop-tard' ? 'error' : 'success';
        return showBooking(request, reply, travel, { message: text ? { kind, text } : null });
      });

      const carrierFor = (travel: StoredTravel) => carrierForTravel(travel);

      /** Records a decision with its event and the customer's e-mail, in one transaction. */
      const decide = async (travel: StoredTravel, decision: Decision, type: EventType): Promise<boolean> => {
        const carrier = await carrierFor(travel);
        // The acceptance's e-mail waits for the end of its undo window (and a little more, so an undo at its last second still catches it).
        const mailDelayMs = decision.state === 'accepted' && settings.undoAcceptMs > 0 ? settings.undoAcceptMs + UNDO_MARGIN_MS : 0;
        let refund = false;
        const written = await sql.transaction(async (tx) => {
          if (!(await decideTravel(tx, travel.id, decision, new Date().toISOString()))) return null;
          // A decision replaces any counter-offer still waiting: its link no longer works.
          await closeCounterOffers(tx, travel.id, new Date().toISOString());
          // A refusal gives back the deposit the customer paid (refunded by the refunds' outbox).
          if (decision.state === 'refused') refund = await app.deposits.refundOnClose(tx, travel.id);
          const now = await findTravel(tx, travel.id);
          return notifier.record(tx, type, factsOf(now!), carrier, null, { mailDelayMs });
        });
        const decided = written !== null;
        if (refund) app.deposits.wakeRefunds();
        if (written) {
          notifier.wake(written);
          deps.metrics?.bookings.inc({ action: decision.state, owner: travel.company_id === null ? 'public' : 'company' });
        }
        return decided;
      };

      office.post('/reservations/:id/accepter', protectedForm, async (request, reply) => {
        const travel = await scopedTravel(request);
        // No acceptance before a price: the grid gave none, the carrier sets it first.
        if (travel.price_source === 'pending') return reply.redirect(`${BASE}/reservations/${travel.id}?fait=prix-a-fixer`, 303);
        const decided = await decide(travel, { state: 'accepted' }, 'booking.accepted');
        const accepted = settings.undoAcceptMs > 0 && tellsCustomer(travel, mailOn) ? 'acceptee-annulable' : `acceptee${told(travel)}`;
        return reply.redirect(`${BASE}/reservations/${travel.id}?fait=${decided ? accepted : 'deja'}`, 303);
      });

      /**
       * 'Annuler l'acceptation', within settings.undoAcceptMs of it (checked by the database's
       * statement against the server's clock): the booking awaits an answer again, its acceptance's
       * e-mail, still waiting, is never sent, and the webhooks hear the booking changed.
       */
      office.post('/reservations/:id/annuler-acceptation', protectedForm, async (request, reply) => {
        const travel = await scopedTravel(request);
        const now = Date.now();
        const since = new Date(now - settings.undoAcceptMs).toISOString();
        const carrier = await carrierFor(travel);
        let refund = false;
        const written = await sql.transaction(async (tx) => {
          if (settings.undoAcceptMs === 0 || !(await undoAcceptance(tx, travel.id, since, new Date(now).toISOString()))) return null;
          await dropWaitingMail(tx, travel.id, 'acceptance');
          // An acceptance undone no longer holds the deposit its customer paid on it: refunded.
          refund = await app.deposits.refundOnClose(tx, travel.id);
          const after = await findTravel(tx, travel.id);
          return notifier.record(tx, 'booking.updated', factsOf(after!), carrier);
        });
        if (written) notifier.wake(written);
        if (refund) app.deposits.wakeRefunds();
        return reply.redirect(`${BASE}/reservations/${travel.id}?fait=${written ? 'acceptation-annulee' : 'annulation-trop-tard'}`, 303);
      });

      office.post('/reservations/:id/refuser', protectedForm, async (request, reply) => {
        const travel = await scopedTravel(request);
        const form = v.safeParse(RefusalForm, request.body);
        const reason = form.success ? refusalText(form.output.raison, form.output.motif) : null;
        if (!form.success || reason === null) {
          const body = (request.body as Record<string, unknown> | undefined) ?? {};
          const typed = String(body.motif ?? '').slice(0, REASON_MAX);
          const chosen = form.success ? form.output.raison : 'autre';
          return showBooking(
            request,
            reply,
            travel,
            {
              message: {
                kind: 'error',
                text: `Choisissez un motif, ou écrivez le vôtre (de 3 à ${REASON_MAX} caractères) avec «\u00a0Autre\u00a0».`,
              },
              reason: typed || ' ',
              refusal: chosen,
            },
            422,
          );
        }
        const decided = await decide(travel, { state: 'refused', reason }, 'booking.refused');
        return reply.redirect(`${BASE}/reservations/${travel.id}?fait=${decided ? `refusee${told(travel)}` : 'deja'}`, 303);
      });

      /**
       * 'Proposer une autre date' on a booking awaiting an answer: a day and an hour (French), and
       * another price where the company's records allow it (can_edit_price; checked here, whatever
       * the form holds). The offer is stored with its link's token hashed, the customer is e-mailed
       * the link when they gave an address, the webhooks hear 'booking.counter_offered'; the link
       * is shown to the carrier on this answer alone.
       */
      office.post('/reservations/:id/contre-proposition', protectedForm, async (request, reply) => {
        const travel = await scopedTravel(request);
        if (travel.state !== 'new' && travel.state !== 'review') return reply.redirect(`${BASE}/reservations/${travel.id}?fait=deja`, 303);
        const form = v.safeParse(OfferForm, request.body);
        const typed = form.success ? form.output : { date: '', heure: '', transport: '', manutention: '' };
        const refuse = (text: string, status = 422) =>
          showBooking(request, reply, travel, { message: { kind: 'error', text }, offerTyped: typed, offerError: text }, status);
        if (!form.success) return refuse('Indiquez la date (jj/mm/aaaa) et l’heure (hh:mm) proposées.');
        if (travel.price_source === 'pending') return refuse('Fixez d’abord le prix de cette réservation.');
        const offer = readOffer(form.output, Date.now(), travel.payload.travel.beginning_date, travel.payload.travel.ending_date);
        if (typeof offer === 'string') return refuse(offer);
        let price: { transport: number; handling: number } | null = null;
        if (offer.price) {
          if (!(await priceEditable(travel)))
            return refuse(
              'Vos réglages ne permettent pas de changer le prix (prix modifiable)\u00a0: proposez une autre date au même prix.',
              403,
            );
          const { transport, handling } = offer.price;
          if (transport + handling <= 0) return refuse('Le prix doit être supérieur à 0\u00a0€.');
          if (Math.max(transport, handling) > deps.priceCeilingEuros * 100)
            return refuse(`Un prix ne peut pas dépasser le plafond de ${deps.priceCeilingEuros}\u00a0€.`);
          price = offer.price;
        }
        const carrier = await carrierFor(travel);
        const token = generateToken();
        const now = new Date();
        const expires = new Date(now.getTime() + COUNTER_OFFER_MS).toISOString();
        const base = notifier.linkBase() ?? `${request.protocol}://${request.host}`;
        const url = `${base}/contre-proposition/${travel.id}?${new URLSearchParams({ jeton: token })}`;
        const { written, mailed } = await sql.transaction(async (tx) => {
          await insertCounterOffer(
            tx,
            {
              travel_id: travel.id,
              created_at: now.toISOString(),
              expires_at: expires,
              user_email: request.carrier!.email,
              beginning_date: offer.beginning,
              ending_date: offer.ending,
              price_transportation: price?.transport ?? null,
              price_handling: price?.handling ?? null,
            },
            hashToken(token),
          );
          const mailed = await notifier.recordCounterOffer(tx, {
            travelId: travel.id,
            payload: travel.payload,
            carrier,
            proposedWhen: when(offer.beginning),
            proposedTotal: price ? `${formatPrice((price.transport + price.handling + otherCosts(travel)) / 100, '€')} TTC` : null,
            url,
            expiresWhen: when(expires),
          });
          const facts = {
            ...factsOf(travel),
            counterOffer: {
              beginning_date: offer.beginning,
              ending_date: offer.ending,
              price_transportation: price?.transport ?? null,
              price_handling: price?.handling ?? null,
              expires_at: expires,
            },
          };
          const written = await notifier.record(tx, 'booking.counter_offered', facts, carrier);
          return { written: { ...written, mail: mailed }, mailed };
        });
        notifier.wake(written);
        return showBooking(
          request,
          reply,
          travel,
          {
            message: {
              kind: 'success',
              text: mailed
                ? 'Proposition envoyée au client par e-mail\u00a0: la réservation attend sa réponse.'
                : 'Proposition enregistrée. Le client n’a pas donné d’e-mail\u00a0: envoyez-lui le lien ci-dessous par SMS.',
            },
            offerLink: { url, mailed },
          },
          201,
        );
      });

      /**
       * The carrier's price for a booking its grid gave none for ('prix à fixer'): transport and
       * handling TTC, a total above 0 and within the ceiling, signed as a quote of its own and
       * stored as 'carrier', with its event; the booking can then be accepted.
       */
      office.post('/reservations/:id/prix', protectedForm, async (request, reply) => {
        const travel = await scopedTravel(request);
        if (travel.price_source !== 'pending') return reply.redirect(`${BASE}/reservations/${travel.id}?fait=prix-deja`, 303);
        const form = v.safeParse(PriceForm, request.body);
        const refuse = (text: string) => showBooking(request, reply, travel, { message: { kind: 'error', text } }, 422);
        if (!form.success) return refuse('Indiquez le transport et la manutention en euros TTC, par exemple 1190 ou 1190,50.');
        const transport = Math.round(form.output.transport * 100);
        const handling = Math.round(form.output.manutention * 100);
        if (transport + handling <= 0) return refuse('Le prix doit être supérieur à 0\u00a0€.');
        if (Math.max(transport, handling) > deps.priceCeilingEuros * 100)
          return refuse(`Un prix ne peut pas dépasser le plafond de ${deps.priceCeilingEuros}\u00a0€.`);
        const first = travel.quote_id ? await findQuote(sql, travel.quote_id) : null;
        if (!first) return refuse('Cette réservation n’a pas de devis sur lequel fixer un prix.');
        const carrier = await carrierFor(travel);
        const quote = await deps.quotes.carrierQuote(first, transport, handling);
        const payload = withCarrierPrice(travel.payload, deps.quotes.answer(quote, quote.figures, null));
        const summary = {
          ...bookingSummary(payload, quote.figures),
          ...(travel.summary?.lines ? { lines: travel.summary.lines } : {}),
          ...(travel.summary?.handling ? { handling: travel.summary.handling } : {}),
          ...(travel.summary?.item_volumes ? { item_volumes: travel.summary.item_volumes } : {}),
          ...(travel.summary?.changes ? { changes: travel.summary.changes } : {}),
        };
        const written = await sql.transaction(async (tx) => {
          if (!(await setCarrierPrice(tx, travel.id, payload, quote, summary, new Date().toISOString()))) return null;
          const now = await findTravel(tx, travel.id);
          return notifier.record(tx, 'booking.updated', factsOf(now!), carrier);
        });
        if (written) notifier.wake(written);
        return reply.redirect(`${BASE}/reservations/${travel.id}?fait=${written ? 'prix-fixe' : 'prix-deja'}`, 303);
      });

      const settingsContext = { sql, signedIn, csrf: office.csrfProtection, viewerOf, page, publicUrl: deps.notifications.publicUrl };
      await settingsRoutes(office, settingsContext);
      await directoryRoutes(office, settingsContext);
      await teamRoutes(office, {
        sql,
        settings,
        notifier,
        addressSecret: deps.addressSecret,
        signedIn,
        csrf: office.csrfProtection,
        viewerOf,
        page,
      });
      alertsRoutes(office, { sql, signedIn, csrf: office.csrfProtection, viewerOf, page, publicUrl: deps.notifications.publicUrl, mailOn });
      await webhooksRoutes(office, {
        sql,
        notifier,
        webhooks: deps.notifications.webhooks,
        signedIn,
        csrf: office.csrfProtection,
        viewerOf,
        page,
      });
    },
    { prefix: BASE },
  );
};
