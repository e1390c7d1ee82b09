import type { FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpError } from '../http/validation.ts';
import { PricingUnavailable } from '../pricing/pricing-unavailable.ts';
import { BACK_OFFICE_CSP, BASE, escapeHtml, frame } from './layout.ts';

/** A back-office page: never cached, under the back office's script-free policy. */
export function page(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', BACK_OFFICE_CSP)
    .send(html);
}

/** A page with a title and one paragraph (HTML already safe), and the way back when there is one. */
function sorry(reply: FastifyReply, status: number, title: string, paragraphHtml: string, back = false): FastifyReply {
  const link = back ? `<p><a href="${BASE}/reservations">Retour aux réservations</a></p>` : '';
  return page(reply, frame(title, `<h1>${escapeHtml(title)}</h1><p>${paragraphHtml}</p>${link}`, null), status);
}

/** What a form posted after its session ended answers: nothing was done. */
export const signedOutPage = (_request: FastifyRequest, reply: FastifyReply) =>
  sorry(
    reply,
    401,
    'Session terminée',
    `Votre session a pris fin\u00a0: rien n’a été fait. <a href="${BASE}/connexion">Se reconnecter</a>`,
  );

/**
 * The back office's errors as French pages: an expired form, the database or the pricing out of
 * reach (with Retry-After), a refusal the routes said (HttpError, its message escaped like any
 * text), an unreadable form, and anything else as an internal error logged without its details.
 */
export function officeErrorPage(error: Error & { code?: string; statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  if (error.code?.startsWith('FST_CSRF'))
    return sorry(
      reply,
      403,
      'Formulaire expiré',
      'Ce formulaire a expiré ou ne vient pas de cet espace\u00a0: rien n’a été fait. Rechargez la page et recommencez.',
      true,
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
    return sorry(reply, error.status, title, escapeHtml(error.message));
  }
  if (error instanceof HttpError && error.statusCode < 500) {
    const link = `<p><a href="${BASE}/reservations">Retour aux réservations</a></p>`;
    return page(reply, frame(error.message, `<h1>${escapeHtml(error.message)}</h1>${link}`, null), error.statusCode);
  }
  const status = error.statusCode ?? 500;
  if (status === 413 || status === 415 || status === 400)
    return sorry(reply, status, 'Formulaire refusé', 'Le formulaire envoyé est illisible ou trop long.');
  request.log.error({ err: { message: error.message, code: error.code } }, 'erreur interne');
  return page(
    reply,
    frame('Erreur', '<h1>Erreur interne</h1><p>Une erreur est survenue, veuillez réessayer dans un instant.</p>', null),
    500,
  );
}
