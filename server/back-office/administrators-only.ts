import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { frame, type Viewer } from './layout.ts';

/**
 * The guard of an area kept for a company's administrators (Réglages, Équipe, Webhooks): an
 * exploitant who asks for one of its pages, or posts one of its forms by hand, gets the same 403
 * page everywhere, and nothing changes. `area` opens its sentence, with its agreement: 'Les
 * réglages de l’entreprise sont réservés', 'L’équipe de l’entreprise est réservée'.
 */
export function administratorsOnly(
  area: string,
  viewerOf: (request: FastifyRequest, reply: FastifyReply) => Viewer,
  page: (reply: FastifyReply, html: string, status?: number) => FastifyReply,
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    if (request.carrier?.role === 'administrateur') return;
    await page(
      reply,
      frame(
        'Réservé aux administrateurs',
        `<h1>Réservé aux administrateurs</h1><p>${area} à ses administrateurs\u00a0: rien n’a été changé. Demandez à l’un d’eux.</p>`,
        request.carrier ? viewerOf(request, reply) : null,
      ),
      403,
    );
  };
}
