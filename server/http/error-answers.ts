import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpError } from './validation.ts';
import { PricingUnavailable } from '../pricing/pricing-unavailable.ts';
import { ChoicesRefused, PriceChanged } from '../pricing/refusals.ts';
import type { Composition } from '../composition.ts';

/**
 * The API's errors as JSON in French (the pricing's refusals, HttpError, the pricing or the
 * database out of reach with Retry-After, Fastify's own refusals), anything else a 500 logged
 * without its details; and the page or JSON of an address nobody answers.
 */
export function installErrorAnswers(app: FastifyInstance, composition: Composition | undefined): void {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // The pricing's refusals, said in its own terms (pricing/refusals.ts).
    if (error instanceof ChoicesRefused) return reply.code(422).send({ error: error.message, fields: error.problems });
    if (error instanceof PriceChanged) return reply.code(409).send({ error: error.message, quote: error.quote });
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}), ...(error.details ?? {}) });
    }
    if (error instanceof PricingUnavailable) {
      request.log.warn({ err: { message: error.message } }, 'prix indisponible');
      return reply
        .code(error.status)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'base de données injoignable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    const known: Record<number, string> = {
      400: 'Requête invalide',
      404: 'Introuvable',
      413: 'Requête trop volumineuse',
      415: 'Type de contenu non pris en charge : envoyez du JSON',
      429: error.message,
    };
    if (status < 500 && known[status]) return reply.code(status).send({ error: known[status] });
    request.log.error({ err: { message: error.message, code: error.code } }, 'erreur interne');
    return reply.code(500).send({ error: 'Erreur interne du serveur' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ error: 'Introuvable' });
    const back = composition ? '<p><a href="/">Retour aux démonstrations</a></p>' : '';
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="fr"><meta charset="utf-8"><title>Page introuvable</title><h1>Page introuvable</h1>${back}</html>`);
  });
}
