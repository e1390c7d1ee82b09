import type { FastifyPluginAsync } from 'fastify';
import { bookingSteps } from '../follow/booking-steps.ts';
import { followFacts } from '../follow/follow-facts.ts';
import { routeSchema, TRAVEL_TOKEN } from '../http/route-schema.ts';
import { HttpError } from '../http/validation.ts';
import { renderNotFoundPage } from '../pages/dashboard-page.ts';
import { devisBrandStyle } from '../pages/devis-page.ts';
import { renderFollowPage } from '../pages/follow-page.ts';
import { bookingPageHeaders } from './dashboard.ts';
import { allowBrandStyle, bookingCarrier, openBookingPage } from './devis.ts';
import { IdParams, presentedToken } from './travels.ts';

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
      const { travel, byEditToken } = await openBookingPage(sql, request, devisKey);
      const token = presentedToken(request)!;
      const progress = bookingSteps(await followFacts(sql, travel, Date.now()));
      const { carrier, logo } = await bookingCarrier(sql, travel, publicPricing);
      const style = devisBrandStyle(carrier);
      allowBrandStyle(reply, style);
      return renderFollowPage(
        {
          travelId: travel.id,
          payload: travel.payload,
          progress,
          carrier,
          logo,
          devisUrl: `/devis/${travel.id}?${new URLSearchParams({ token })}`,
          devisPdfUrl: null,
          editUrl: byEditToken ? notifier.editUrl(travel.id, token) : null,
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
