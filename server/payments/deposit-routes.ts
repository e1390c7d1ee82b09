import { STRIPE_WEBHOOK_PATH } from './deposit-settings.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { HttpError } from '../http/validation.ts';
import { renderNotFoundPage } from '../pages/dashboard-page.ts';
import { openDevis } from '../routes/devis.ts';
import { presentedToken } from '../http/validation.ts';

/** Where Stripe sends its events: the carrier registers this address in its Stripe dashboard. */

/**
 * The 'Payer l'acompte' form's body: whatever a page or a forger posts, nothing of it is read
 * (the amount, the currency, the booking all come from the server); checked only to be a form.
 */
const PayForm = v.record(v.string(), v.union([v.string(), v.array(v.string())]));

/**
 * The deposit's routes, registered only when deposits are on (Stripe's secrets set): the
 * devis page's 'Payer l'acompte', which leads to Stripe Checkout, and Stripe's webhook.
 */
export const depositRoutes: FastifyPluginAsync<{ devisKey: Buffer }> = async (app, { devisKey }) => {
  const { sql, notifier, deposits } = app;
  // The form arrives urlencoded; read here only (the API takes JSON, and only JSON).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const base = (request: FastifyRequest) => notifier.linkBase() ?? `${request.protocol}://${request.host}`;

  app.post('/devis/:id/acompte', async (request, reply) => {
    try {
      const { travel } = await openDevis(sql, request, devisKey, presentedToken(request));
      v.parse(PayForm, request.body ?? {});
      return reply.redirect(await deposits.checkout(travel, base(request)), 303);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404)
        return reply.code(404).type('text/html; charset=utf-8').send(renderNotFoundPage(false));
      if (error instanceof v.ValiError) throw new HttpError(400, 'Formulaire de paiement illisible');
      throw error;
    }
  });

  // Stripe's events, read as the raw text Stripe signed (the server's JSON parser is not used here).
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));
    hook.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const answer = await deposits.receive(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
      );
      if (answer.status === 400) request.log.warn('Stripe : événement refusé (signature absente ou fausse)');
      return reply.code(answer.status).send(answer.body);
    });
  });
};
