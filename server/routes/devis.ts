import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Sql } from '../db/sql.ts';
import { routeSchema, TRAVEL_TOKEN } from '../http/route-schema.ts';
import { HttpError } from '../http/validation.ts';
import { renderDevisPdfUnavailablePage, renderNotFoundPage, renderRefusedFormPage } from '../pages/dashboard-page.ts';
import { customerFormRefusal } from '../http/customer-form.ts';
import { DevisPdfUnavailable, type DevisPdfBuilder } from '../pages/devis-pdf-pool.ts';
import { devisBrandStyle, renderDevisPage, type AcceptanceView } from '../pages/devis-page.ts';
import { findLogo, logoFile } from '../db/company-profile.ts';
import { createHash } from 'node:crypto';
import { bookingPageHeaders } from './dashboard.ts';
import { findTravel, findTravelDocument, findTravelTokenHash, type StoredTravel } from '../db/travels-repo.ts';
import { devisTokenMatches, tokenMatches } from '../security/tokens.ts';
import { IdParams } from './travels.ts';
import { presentedToken } from '../http/validation.ts';
import { devisOwnerOf, devisSourceOf } from '../devis/devis-source.ts';
import { devisPdfOf } from '../devis/devis-document.ts';
import { latestDevisAcceptance, type DevisAcceptance } from '../db/devis-acceptances.ts';
import { devisContent, devisHash, type DevisSource } from '../pages/devis-content.ts';
import type { AcceptanceForm } from '../pages/devis-acceptance-form.ts';
import { acceptanceClosed, acceptDevis, devisExpired, readAcceptance, type DevisTokenKind } from '../devis/devis-acceptance.ts';
import { refreshDevis } from '../bookings/refresh-devis.ts';
import { devisDeposit } from '../payments/devis-deposit.ts';

/**
 * /devis/{id}?token=…: the devis of a booking, for the customer to read, print, and accept
 * ('Bon pour accord'), from the success panel and the edit link (the booking's token), or from
 * the confirmation e-mail (its read-only devis token). Its figures are those of the quote that
 * priced it.
 */
/** A page policy that also allows one inline style element, by the hash of its text. */
function withStyleHash(policy: string, style: string): string {
  const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
  return policy.replace("style-src 'self'", `style-src 'self' ${hash}`);
}

/**
 * The devis page's policy: the booking pages' (no script at all), whose one form posts to this
 * server only, and which no other site may frame (the 'Bon pour accord' button under another's
 * page would be a click stolen).
 */
function devisPolicy(policy: string): string {
  return policy.replace("form-action 'none'", "form-action 'self'").replace('frame-ancestors *', "frame-ancestors 'none'");
}

/** Compared against when the id is unknown, so that case takes the same time as a wrong token. */
const UNKNOWN_TRAVEL_HASH = '0'.repeat(64);

/**
 * Which booking a devis link opens, and by which token: its edit token (the element's success
 * panel holds it), or its read-only devis token (the e-mail's link). Anything else answers as
 * an unknown id.
 */
async function devisAccess(
  sql: Sql,
  request: FastifyRequest,
  devisKey: Buffer,
  presented: string | null,
): Promise<{ id: number; kind: DevisTokenKind }> {
  const params = v.safeParse(IdParams, request.params);
  const id = params.success ? Number(params.output.id) : null;
  const storedHash = id === null ? null : await findTravelTokenHash(sql, id);
  const hash = storedHash ?? UNKNOWN_TRAVEL_HASH;
  // Both compared, whatever the first says: the answer's time tells nothing of which token it was.
  const byEditToken = tokenMatches(presented, hash);
  const byDevisToken = devisTokenMatches(presented, devisKey, id ?? 0, hash);
  if (storedHash === null || !(byEditToken || byDevisToken)) throw new HttpError(404, 'Réservation introuvable');
  return { id: id!, kind: byEditToken ? 'edition' : 'devis' };
}

/** The booking a devis link opens (devisAccess), read whole. */
export async function openDevis(
  sql: Sql,
  request: FastifyRequest,
  devisKey: Buffer,
  presented: string | null,
): Promise<{ travel: StoredTravel; kind: DevisTokenKind }> {
  const { id, kind } = await devisAccess(sql, request, devisKey, presented);
  const travel = await findTravel(sql, id);
  if (!travel) throw new HttpError(404, 'Réservation introuvable');
  return { travel, kind };
}

const shown = (acceptance: DevisAcceptance) => ({
  acceptedAt: acceptance.accepted_at,
  signerName: acceptance.signer_name,
  devisHash: acceptance.devis_hash,
});

/** The 'Bon pour accord' part of the page, for the devis as it is now. */
function acceptanceView(
  travel: StoredTravel,
  source: DevisSource,
  hash: string,
  latest: DevisAcceptance | null,
  token: string,
  form?: AcceptanceForm,
): AcceptanceView {
  if (latest && latest.devis_hash === hash && !form) return { kind: 'accepted', acceptance: shown(latest) };
  const closed = acceptanceClosed(travel, source);
  if (closed)
    return {
      kind: 'closed',
      text: closed,
      // Past its validity, a price from the grid is brought up to date at the customer's word.
      refresh:
        travel.state !== 'refused' && source.priceSource === 'quote' && devisExpired(source)
          ? { action: `/devis/${travel.id}/actualiser`, token }
          : null,
    };
  return {
    kind: 'open',
    action: `/devis/${travel.id}/accord`,
    token,
    devisHash: hash,
    earlier: latest && latest.devis_hash !== hash ? shown(latest) : null,
    form,
  };
}

/** The printable devis of a booking, its 'Bon pour accord', and the acceptance itself. */
export const devisRoutes: FastifyPluginAsync<DevisOptions> = async (app, options) => {
  await app.register(fastifyFormbody);
  const kit = devisKit(app, options);
  devisPageRoutes(app, kit);
  devisAnswerRoutes(app, kit);
};

type DevisOptions = { devisKey: Buffer; devisPdfs: DevisPdfBuilder };

/** What the devis's routes share: the page's renderer and its 404. */
function devisKit(app: FastifyInstance, { devisKey, devisPdfs }: DevisOptions) {
  const { sql, publicPricing, notifier } = app;

  /** The page of a booking's devis, with the form as typed when it comes back refused. */
  async function sendDevis(reply: FastifyReply, travel: StoredTravel, token: string, form?: AcceptanceForm, status = 200) {
    const source = await devisSourceOf(sql, travel, publicPricing);
    if (!source) throw new HttpError(404, 'Réservation sans devis');
    const owner = devisOwnerOf(travel, publicPricing);
    const stored = owner === null ? null : await findLogo(sql, owner);
    const logo = stored ? { src: `/logos/${logoFile(stored)}`, width: stored.width, height: stored.height } : null;
    const hash = devisHash(devisContent(source));
    const acceptance = acceptanceView(travel, source, hash, await latestDevisAcceptance(sql, travel.id), token, form);
    bookingPageHeaders(reply);
    let policy = devisPolicy(String(reply.getHeader('content-security-policy')));
    // The carrier's colour is the page's one inline style, allowed by its hash and nothing else.
    const style = devisBrandStyle(source.carrier);
    if (style) policy = withStyleHash(policy, style);
    void reply.header('content-security-policy', policy);
    const pdfUrl = `/devis/${travel.id}.pdf?${new URLSearchParams({ token })}`;
    const deposit = await devisDeposit(app.deposits, sql, travel, reply.request, reply);
    const done = (reply.request.query as Record<string, unknown> | undefined)?.fait === 'accord' ? 'accord' : null;
    return reply.code(status).send(renderDevisPage({ ...source, logo, acceptance, pdfUrl, deposit, done }));
  }

  const notFound = (reply: FastifyReply) => {
    bookingPageHeaders(reply);
    return reply.code(404).send(renderNotFoundPage(false));
  };

  return { sql, publicPricing, notifier, sendDevis, notFound, devisKey, devisPdfs };
}
type DevisKit = ReturnType<typeof devisKit>;

/** The devis as a page and as its PDF, opened by the booking’s token. */
function devisPageRoutes(app: FastifyInstance, kit: DevisKit): void {
  const { sql, publicPricing, sendDevis, notFound, devisKey, devisPdfs } = kit;
  const schema = routeSchema({
    operationId: 'devisImprimable',
    tags: ['Devis'],
    summary: 'Devis imprimable d’une réservation',
    description:
      'La page HTML (en français) du devis, à imprimer ou à enregistrer en PDF, avec son « Bon pour accord » : le prix du devis qui a chiffré la réservation. ' +
      'Elle s’ouvre avec le jeton de la réservation, ou avec le jeton de lecture seule du lien de l’e-mail de confirmation, qui n’ouvre rien d’autre.',
    security: TRAVEL_TOKEN,
    params: IdParams,
    answers: {
      200: { description: 'Le devis, en HTML.', html: true },
      404: {
        description: 'Réservation introuvable (numéro inconnu, jeton absent ou faux), ou réservation sans devis, en HTML.',
        html: true,
      },
    },
  });
  app.get('/devis/:id', { schema }, async (request, reply) => {
    try {
      const token = presentedToken(request);
      const { travel } = await openDevis(sql, request, devisKey, token);
      return await sendDevis(reply, travel, token ?? '');
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return notFound(reply);
      throw error;
    }
  });

  const pdfSchema = routeSchema({
    operationId: 'devisPdf',
    tags: ['Devis'],
    summary: 'Devis d’une réservation en PDF',
    description:
      'Le même devis que la page, en PDF (A4), avec son acceptation (« Bon pour accord ») quand le client a accepté ce devis tel quel. ' +
      'Mêmes jetons que la page : celui de la réservation, ou celui, de lecture seule, du lien de l’e-mail de confirmation.',
    security: TRAVEL_TOKEN,
    params: IdParams,
    answers: {
      200: {
        description: 'Le devis, en PDF (A4).',
        file: 'application/pdf',
        headers: {
          'content-disposition': { type: 'string', description: 'inline, avec le nom du fichier (devis-{id}.pdf).' },
        },
      },
      404: {
        description: 'Réservation introuvable (numéro inconnu, jeton absent ou faux), ou réservation sans devis, en HTML.',
        html: true,
      },
      503: {
        description:
          'Le PDF n’a pas pu être préparé maintenant (serveur occupé, mise en page trop longue ou document trop grand), en HTML : ' +
          'pourquoi, et le lien du devis en ligne. Retry-After dit quand réessayer.',
        html: true,
      },
    },
  });
  app.get('/devis/:id.pdf', { schema: pdfSchema }, async (request, reply) => {
    try {
      const token = presentedToken(request);
      // The booking's body is not parsed here: the PDF's worker does it (db/devis-document.ts).
      const { id } = await devisAccess(sql, request, devisKey, token);
      const travel = await findTravelDocument(sql, id);
      if (!travel) throw new HttpError(404, 'Réservation introuvable');
      let file;
      try {
        file = await devisPdfOf(sql, travel, publicPricing, devisPdfs);
      } catch (error) {
        if (!(error instanceof DevisPdfUnavailable)) throw error;
        request.log.warn(`devis PDF de la réservation ${travel.id} non préparé (${error.reason} : ${error.detail})`);
        bookingPageHeaders(reply);
        const devisUrl = `/devis/${travel.id}?${new URLSearchParams({ token: token ?? '' })}`;
        return reply
          .code(503)
          .header('retry-after', String(error.retryAfterSeconds))
          .send(renderDevisPdfUnavailablePage(error.message, devisUrl));
      }
      if (!file) throw new HttpError(404, 'Réservation sans devis');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .send(Buffer.from(file.bytes));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return notFound(reply);
      throw error;
    }
  });

  /**
   * The 'Bon pour accord' form (application/x-www-form-urlencoded, and nothing else): the token that opened the
   * page, the hash of the devis shown, the name and the two boxes. The customer's page, not an
   * API: it is not published in the OpenAPI document (as the counter-offer's page is not), and
   * counts against the writes' rate limit (http/rate-limits.ts, '/devis/').
   */
}

/** The customer’s answers on the devis: bring it up to date, or accept it. */
function devisAnswerRoutes(app: FastifyInstance, kit: DevisKit): void {
  const { sql, publicPricing, notifier, sendDevis, notFound, devisKey } = kit;
  const refuseForeignForm = async (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = customerFormRefusal(request);
    if (!refusal) return;
    bookingPageHeaders(reply);
    return reply.code(refusal.status).send(renderRefusedFormPage(refusal.title, refusal.text));
  };
  // A devis past its validity, brought up to date at today's price (issue 54): the same choices
  // priced again; the customer then reads the new devis and accepts it, or not.
  const RefreshBody = v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(200))) });
  app.post('/devis/:id/actualiser', { onRequest: refuseForeignForm }, async (request, reply) => {
    const parsed = v.safeParse(RefreshBody, request.body ?? {});
    const token = parsed.success ? (parsed.output.token ?? null) : null;
    try {
      const { travel } = await openDevis(sql, request, devisKey, token);
      const source = await devisSourceOf(sql, travel, publicPricing);
      if (!source || travel.state === 'refused' || source.priceSource !== 'quote' || !devisExpired(source))
        return await sendDevis(reply, travel, token ?? '', undefined, 409);
      await refreshDevis(app, travel);
      return reply
        .code(303)
        .header('location', `/devis/${travel.id}?${new URLSearchParams({ token: token ?? '' })}`)
        .send();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return notFound(reply);
      throw error;
    }
  });

  // Another site's post, or a body no page's form sends, is refused before it is read (http/customer-form.ts).
  app.post('/devis/:id/accord', { onRequest: refuseForeignForm }, async (request, reply) => {
    const read = readAcceptance(request.body);
    try {
      const { travel, kind } = await openDevis(sql, request, devisKey, read.token);
      const outcome = await acceptDevis({ sql, notifier, publicPricing }, travel, read, {
        kind,
        clientAddress: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      if (outcome.ok)
        return (
          reply
            .code(303)
            // Back to the page's summary, which says it is done and what comes next.
            .header('location', `/devis/${travel.id}?${new URLSearchParams({ token: read.token ?? '', fait: 'accord' })}#resume-titre`)
            .send()
        );
      return await sendDevis(reply, outcome.travel, read.token ?? '', read.form(outcome.errors), outcome.status);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return notFound(reply);
      throw error;
    }
  });
}
