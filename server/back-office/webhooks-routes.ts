import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import { lookup } from 'node:dns/promises';
import * as v from 'valibot';
import type { WebhookSettings } from '../config/notifications.ts';
import type { BookingScope } from '../db/carrier-bookings.ts';
import { recordSettingChange } from '../db/settings-journal.ts';
import type { Sql } from '../db/sql.ts';
import { addEndpoint, disableEndpoint, findEndpoint, listEndpoints, recentDeliveries, resendDelivery } from '../db/webhooks-repo.ts';
import { HttpError } from '../http/validation.ts';
import { mayCall, urlProblem } from '../notifications/address-guard.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { newEndpointSecret } from '../notifications/webhook-sender.ts';
import { administratorsOnly } from './administrators-only.ts';
import { BASE, type Viewer } from './layout.ts';
import { renderWebhooksPage } from './webhooks-page.ts';

export interface WebhooksContext {
  sql: Sql;
  notifier: Notifier;
  webhooks: WebhookSettings;
  signedIn: preHandlerAsyncHookHandler;
  csrf: preHandlerHookHandler;
  viewerOf: (request: FastifyRequest, reply: FastifyReply) => Viewer;
  page: (reply: FastifyReply, html: string, status?: number) => FastifyReply;
}

/** Endpoints one owner may register: enough for a planning, an accounting and an SMS tool, and a spare. */
const MAX_ENDPOINTS = 10;
/** The settings' journal's area for these changes (Réglages › Journal des changements). */
const JOURNAL_AREA = 'webhooks';

const IdParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
const WebhookForm = v.object({
  url: v.pipe(v.string(), v.trim(), v.maxLength(2000)),
  portee: v.optional(v.picklist(['entreprise', 'public']), 'entreprise'),
});

/** What each finished action says once the page is shown again (Post/Redirect/Get). */
const DONE: Record<string, string> = {
  ajoute: 'Point de réception ajouté\u00a0: les prochains événements y seront envoyés.',
  supprime: 'Point de réception supprimé.',
  renvoye: 'Événement remis dans la file d’envoi.',
};

/** The owners a session's endpoints belong to: its company, and the public pages for the company they are assigned to. */
const owners = (scope: BookingScope) => [String(scope.companyId), ...(scope.withPublic ? ['public'] : [])];

/** Which bookings an endpoint receives, as the journal says it. */
const receives = (owner: string) =>
  owner === 'public' ? 'réservations du site public' : 'réservations de l’intranet et des pages portant votre clé';

/**
 * The webhooks page (/espace-transporteur/webhooks): the addresses of the company's other
 * systems, and of the public pages' for the company they are assigned to. Administrators only:
 * an endpoint receives every booking's customer, so an exploitant who asks for the page, or
 * posts one of its forms by hand, gets the administrators' 403 and nothing changes. Adding and
 * removing an endpoint are written in the settings' journal with their address and scope, in
 * the change's transaction; never its secret.
 */
export async function webhooksRoutes(office: FastifyInstance, context: WebhooksContext): Promise<void> {
  const { sql, notifier, webhooks, signedIn, csrf, viewerOf, page } = context;
  const adminOnly = administratorsOnly('Les webhooks de l’entreprise sont réservés', viewerOf, page);
  const administrator = { preHandler: [signedIn, adminOnly] };
  /** A form: the session, then its token (a page of another site cannot post it), then the role. */
  const administratorForm = { preHandler: [signedIn, csrf as preHandlerAsyncHookHandler, adminOnly] };
  const who = (request: FastifyRequest) => {
    const carrier = request.carrier!;
    return { companyId: carrier.companyId, userId: carrier.userId, userEmail: carrier.email };
  };

  const webhooksPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    message: { kind: 'success' | 'error'; text: string } | null,
    typed?: { url: string; scope: string },
    status = 200,
    created?: { url: string; secret: string },
  ) => {
    const scope = request.carrier!.scope;
    const endpoints = [];
    for (const owner of owners(scope))
      for (const endpoint of await listEndpoints(sql, owner))
        endpoints.push({ ...endpoint, deliveries: await recentDeliveries(sql, endpoint.id) });
    return page(
      reply,
      renderWebhooksPage({
        viewer: viewerOf(request, reply),
        withPublic: scope.withPublic,
        endpoints,
        message,
        ...(typed ? { typed } : {}),
        ...(created ? { created } : {}),
      }),
      status,
    );
  };

  office.get('/webhooks', administrator, async (request, reply) => {
    const done = (request.query as Record<string, unknown>).fait;
    const text = typeof done === 'string' ? DONE[done] : undefined;
    return webhooksPage(request, reply, text ? { kind: 'success', text } : null);
  });

  office.post('/webhooks', administratorForm, async (request, reply) => {
    const scope = request.carrier!.scope;
    const form = v.safeParse(WebhookForm, request.body);
    const typed = { url: form.success ? form.output.url : '', scope: form.success ? form.output.portee : 'entreprise' };
    const refuse = (text: string) => webhooksPage(request, reply, { kind: 'error', text }, typed, 422);
    if (!form.success) return refuse('Indiquez une adresse de 2000 caractères au plus.');
    const owner = form.output.portee === 'public' && scope.withPublic ? 'public' : String(scope.companyId);
    let url: URL;
    try {
      url = new URL(form.output.url);
    } catch {
      return refuse('Cette adresse est illisible\u00a0: écrivez-la en entier, par exemple https://planning.exemple.fr/webhooks.');
    }
    const { allowLoopback } = webhooks;
    const problem = urlProblem(url, allowLoopback);
    if (problem) return refuse(problem);
    // Checked now for the carrier's sake; checked again at every send, on the addresses then resolved.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    try {
      const addresses = await lookup(host, { all: true });
      if (addresses.some((entry) => !mayCall(entry.address, allowLoopback)))
        return refuse('Cette adresse mène à un réseau privé\u00a0: seules les adresses publiques d’Internet sont appelées.');
    } catch {
      return refuse(`Le nom ${host} est introuvable\u00a0: vérifiez l’adresse.`);
    }
    const registered = await listEndpoints(sql, owner);
    if (registered.some((endpoint) => endpoint.url === url.toString())) return refuse('Cette adresse reçoit déjà ces événements.');
    if (registered.length >= MAX_ENDPOINTS)
      return refuse(`Vous avez déjà ${MAX_ENDPOINTS} points de réception\u00a0: supprimez-en un d’abord.`);
    // Its secret is shown on this answer alone (not after a redirect): the page shows it masked from then on.
    const secret = newEndpointSecret();
    const address = url.toString();
    await sql.transaction(async (tx) => {
      await addEndpoint(tx, owner, address, secret, new Date().toISOString());
      await recordSettingChange(tx, {
        ...who(request),
        area: JOURNAL_AREA,
        summary: `Webhook ajouté\u00a0: ${address} (${receives(owner)})`,
        before: undefined,
        after: { url: address, portee: owner === 'public' ? 'public' : 'entreprise' },
      });
    });
    return webhooksPage(request, reply, { kind: 'success', text: DONE.ajoute! }, undefined, 201, { url: address, secret });
  });

  office.post('/webhooks/:id/supprimer', administratorForm, async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) throw new HttpError(404, 'Point de réception introuvable');
    const now = new Date().toISOString();
    const removed = await sql.transaction(async (tx) => {
      for (const owner of owners(request.carrier!.scope)) {
        const endpoint = await findEndpoint(tx, owner, params.output.id);
        if (!endpoint || !(await disableEndpoint(tx, owner, endpoint.id, now))) continue;
        await recordSettingChange(tx, {
          ...who(request),
          area: JOURNAL_AREA,
          summary: `Webhook supprimé\u00a0: ${endpoint.url} (${receives(owner)})`,
          before: { url: endpoint.url, portee: owner === 'public' ? 'public' : 'entreprise' },
          after: null,
        });
        return true;
      }
      return false;
    });
    if (!removed) throw new HttpError(404, 'Point de réception introuvable');
    return reply.redirect(`${BASE}/webhooks?fait=supprime`, 303);
  });

  // Sends a delivery again: no setting changes, so nothing is journaled; the page lists the new delivery.
  office.post('/webhooks/livraisons/:id/renvoyer', administratorForm, async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) throw new HttpError(404, 'Envoi introuvable');
    const now = Date.now();
    let queued = false;
    for (const owner of owners(request.carrier!.scope))
      queued ||= await resendDelivery(sql, owner, params.output.id, now, webhooks.retryMs);
    if (!queued) throw new HttpError(404, 'Envoi introuvable');
    notifier.wake({ deliveries: 1, mail: false });
    return reply.redirect(`${BASE}/webhooks?fait=renvoye`, 303);
  });
}
