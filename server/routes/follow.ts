import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { CompanyData } from 'transport-quote-wizard/domain';
import { findLogo, logoFile } from '../db/company-profile.ts';
import { devisOwnerOf } from '../devis/devis-source.ts';
import type { Sql } from '../db/sql.ts';
import type { StoredTravel } from '../db/travels-repo.ts';
import { companyRecord } from '../pricing/carrier-records.ts';
import { bookingSteps } from '../follow/booking-steps.ts';
import { followFacts } from '../follow/follow-facts.ts';
import { routeSchema, TRAVEL_TOKEN } from '../http/route-schema.ts';
import { HttpError } from '../http/validation.ts';
import { renderNotFoundPage } from '../pages/dashboard-page.ts';
import { devisBrandStyle } from '../pages/devis-page.ts';
import { renderFollowPage } from '../pages/follow-page.ts';
import { bookingPageHeaders } from './dashboard.ts';
import { openDevis } from './devis.ts';
import { IdParams } from './travels.ts';
import { presentedToken } from '../http/validation.ts';
import { readCompanyStore } from '../db/company-store.ts';

/** The carrier a booking's customer deals with (as its devis prints it), and its logo. */
async function bookingCarrier(
  sql: Sql,
  travel: StoredTravel,
  publicPricing: CompanyData,
): Promise<{ carrier: CompanyData['transportation_company']; logo: { src: string; width: number; height: number } | null }> {
  let carrier = publicPricing.transportation_company;
  const owner = devisOwnerOf(travel, publicPricing);
  if (owner !== null) {
    const storeJson = await readCompanyStore(sql, owner);
    // The record checked as it is read: one that cannot be read is a 503 naming its fields, never a 500.
    carrier = storeJson !== null ? companyRecord(storeJson).transportation_company : null;
  }
  const stored = owner === null ? null : await findLogo(sql, owner);
  return { carrier, logo: stored ? { src: `/logos/${logoFile(stored)}`, width: stored.width, height: stored.height } : null };
}

/** The page's policy (the booking pages': no script), never framed by another site, with the carrier's colour allowed by its hash. */
function followPolicy(reply: FastifyReply, style: string | null): void {
  let policy = String(reply.getHeader('content-security-policy')).replace('frame-ancestors *', "frame-ancestors 'none'");
  if (style)
    policy = policy.replace("style-src 'self'", `style-src 'self' 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  void reply.header('content-security-policy', policy);
}

/**
 * /suivi/{id}?token=…: the customer's page (issue 46). It opens with the booking's token (the
 * confirmation e-mail's link, the success panel's), which also leads to the edit; or with the
 * read-only token of the later e-mails, which shows and changes nothing. Any other token, or
 * another booking's, answers as an unknown booking, as the devis does.
 */
export const followRoutes: FastifyPluginAsync<{ devisKey: Buffer }> = async (app, { devisKey }) => {
  const { sql, publicPricing, notifier } = app;
  const schema = routeSchema({
    operationId: 'suiviReservation',
    tags: ['Devis'],
    summary: 'Suivi d’une réservation, pour son client',
    description:
      'La page HTML (en français) où le client voit où en est sa réservation (reçue, acceptée ou refusée, devis signé, acompte payé, la veille, terminée), ' +
      'le contact du transporteur, le devis et, tant que les modifications sont ouvertes, le lien pour la modifier. ' +
      'Elle s’ouvre avec le jeton de la réservation, ou avec le jeton de lecture seule des e-mails (sans le lien de modification).',
    security: TRAVEL_TOKEN,
    params: IdParams,
    answers: {
      200: { description: 'La page de suivi, en HTML.', html: true },
      404: { description: 'Réservation introuvable (numéro inconnu, jeton absent ou faux), en HTML.', html: true },
    },
  });
  app.get('/suivi/:id', { schema }, async (request, reply) => {
    bookingPageHeaders(reply);
    try {
      const token = presentedToken(request);
      const { travel, kind } = await openDevis(sql, request, devisKey, token);
      const byEditToken = kind === 'edition';
      const progress = bookingSteps(await followFacts(sql, travel, Date.now(), publicPricing, app.deposits));
      const { carrier, logo } = await bookingCarrier(sql, travel, publicPricing);
      const style = devisBrandStyle(carrier);
      followPolicy(reply, style);
      return renderFollowPage(
        {
          travelId: travel.id,
          payload: travel.payload,
          progress,
          carrier,
          logo,
          devisUrl: `/devis/${travel.id}?${new URLSearchParams({ token: token! })}`,
          devisPdfUrl: `/devis/${travel.id}.pdf?${new URLSearchParams({ token: token! })}`,
          editUrl: byEditToken ? notifier.editUrl(travel.id, token!) : null,
          readOnly: !byEditToken,
        },
        style,
      );
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return reply.code(404).send(renderNotFoundPage(false));
      throw error;
    }
  });
};
