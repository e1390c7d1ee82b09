import type { DeliveryRecord, WebhookEndpoint } from '../db/webhooks-repo.ts';
import { BASE, csrfField, escapeHtml, frame, notice, shortDateTime, type Viewer } from './layout.ts';

const EVENT_LABELS: Record<string, string> = {
  'booking.created': 'Réservation créée',
  'booking.updated': 'Réservation modifiée',
  'booking.accepted': 'Réservation acceptée',
  'booking.refused': 'Réservation refusée',
  'booking.counter_offered': 'Autre date proposée',
  'booking.devis_accepted': 'Devis signé',
  'booking.deposit_paid': 'Acompte payé',
  'booking.deposit_refunded': 'Acompte remboursé',
};

export interface EndpointView extends WebhookEndpoint {
  deliveries: DeliveryRecord[];
}

const iso = (ms: number) => new Date(ms).toISOString();

function deliveryState(delivery: DeliveryRecord): string {
  const status = delivery.last_status ? ` (HTTP ${delivery.last_status})` : '';
  if (delivery.state === 'delivered') return `<span class="badge state-accepted">Livrée</span>${status}`;
  if (delivery.state === 'failed')
    return `<span class="badge state-refused">Abandonnée</span>${status}<div class="meta">${escapeHtml(delivery.last_error ?? '')}</div>`;
  return delivery.attempts === 0
    ? '<span class="badge state-new">En attente</span>'
    : `<span class="badge warning">Nouvel essai</span>${status}<div class="meta">${escapeHtml(delivery.last_error ?? '')}, prévu ${escapeHtml(shortDateTime(iso(delivery.next_attempt_at)))}</div>`;
}

/** A secret as the page shows it after its creation: its first characters, enough to tell two apart. */
export function maskedSecret(secret: string): string {
  return `${secret.slice(0, 'whsec_'.length + 4)}…`;
}

/** The secret of the endpoint just added, shown this once: the page never shows it again. */
function newSecret({ url, secret }: { url: string; secret: string }): string {
  return `<section class="card new-secret" aria-labelledby="nouveau-secret" role="status">
<h2 id="nouveau-secret">Secret de signature de ${escapeHtml(url)}</h2>
<p><code class="secret">${escapeHtml(secret)}</code></p>
<p><strong>Copiez-le maintenant dans le logiciel qui reçoit les événements\u00a0: il n’est affiché que cette fois.</strong></p>
<p class="meta">Chaque envoi porte X-Tqw-Signature\u00a0: v1=HMAC-SHA256 de «\u202fX-Tqw-Timestamp.corps\u202f» avec ce secret.</p>
</section>`;
}

function endpointCard(endpoint: EndpointView, csrf: string): string {
  const rows = endpoint.deliveries
    .map(
      (delivery) => `<tr>
<td data-label="Événement"><div class="cell">${escapeHtml(EVENT_LABELS[delivery.type] ?? delivery.type)}<div class="meta"><code>${escapeHtml(delivery.event_id)}</code></div></div></td>
<td data-label="Réservation"><div class="cell"><a href="${BASE}/reservations/${delivery.travel_id}">n°\u00a0${delivery.travel_id}</a></div></td>
<td data-label="Écrit le"><div class="cell">${escapeHtml(shortDateTime(iso(delivery.created_at)))}</div></td>
<td data-label="Livraison"><div class="cell">${deliveryState(delivery)}</div></td>
<td data-label="Essais" class="number"><div class="cell">${delivery.attempts}</div></td>
<td data-label="Action"><div class="cell"><form method="post" action="${BASE}/webhooks/livraisons/${delivery.id}/renvoyer">${csrfField(csrf)}<button type="submit" class="button secondary small">Renvoyer<span class="visually-hidden"> l’événement ${escapeHtml(delivery.event_id)}</span></button></form></div></td>
</tr>`,
    )
    .join('');
  // Named by its address and what it receives: one address may receive the intranet's and the public site's.
  return `<section class="card endpoint" aria-labelledby="point-${endpoint.id} portee-${endpoint.id}">
<h2 id="point-${endpoint.id}" class="url">${escapeHtml(endpoint.url)}</h2>
<p class="meta"><span id="portee-${endpoint.id}">${endpoint.owner === 'public' ? 'Réservations du site public (pages sans clé)' : 'Réservations de l’intranet et des pages portant votre clé'}</span> · ajouté le ${escapeHtml(shortDateTime(endpoint.created_at))}</p>
<p class="meta">Secret de signature\u00a0: <code class="secret-masked">${escapeHtml(maskedSecret(endpoint.secret))}</code> (montré en entier une seule fois, à l’ajout). Perdu\u202f? Supprimez ce point de réception et ajoutez-le de nouveau\u00a0: il aura un nouveau secret.</p>
<h3>Derniers envois</h3>
${
  rows
    ? `<table class="deliveries"><thead><tr><th scope="col">Événement</th><th scope="col">Réservation</th><th scope="col">Écrit le</th><th scope="col">Livraison</th><th scope="col">Essais</th><th scope="col">Action</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="meta">Aucun envoi pour le moment.</p>'
}
<details class="remove"><summary class="button secondary">Supprimer ce point de réception</summary>
<form method="post" action="${BASE}/webhooks/${endpoint.id}/supprimer">${csrfField(csrf)}<p>Plus aucun événement ne sera envoyé à ${escapeHtml(endpoint.url)}.</p><button type="submit" class="button danger">Confirmer la suppression<span class="visually-hidden"> de ${escapeHtml(endpoint.url)}</span></button></form></details>
</section>`;
}

export interface WebhooksPageInput {
  viewer: Viewer;
  withPublic: boolean;
  endpoints: EndpointView[];
  message: { kind: 'success' | 'error'; text: string } | null;
  /** What was typed, kept when the address was refused. */
  typed?: { url: string; scope: string };
  /** The endpoint just added, with its secret: shown on this answer only. */
  created?: { url: string; secret: string };
}

export function renderWebhooksPage({ viewer, withPublic, endpoints, message, typed, created }: WebhooksPageInput): string {
  const scope = typed?.scope ?? 'entreprise';
  const body = `
<h1>Webhooks</h1>
<p>Vos autres logiciels (planning, facturation, envoi de SMS) sont prévenus de chaque réservation créée, modifiée, acceptée ou refusée\u00a0: le serveur envoie l’événement en JSON (POST) à chaque adresse ci-dessous, signé, et recommence pendant 24\u00a0heures tant qu’elle ne répond pas 2xx.</p>
${message ? notice(message.kind, message.text, message.kind === 'error' ? 'erreur-webhook' : undefined) : ''}
${created ? newSecret(created) : ''}
<form method="post" action="${BASE}/webhooks" class="card stack add-endpoint">
${csrfField(viewer.csrf)}
<h2>Ajouter un point de réception</h2>
<label for="url">Adresse (https://…)</label>
<input id="url" name="url" type="url" required maxlength="2000" placeholder="https://planning.exemple.fr/webhooks/reservations" value="${escapeHtml(typed?.url ?? '')}"${message?.kind === 'error' ? ' aria-describedby="erreur-webhook"' : ''}>
${
  withPublic
    ? `<label for="portee">Réservations</label><select id="portee" name="portee"><option value="entreprise"${scope === 'entreprise' ? ' selected' : ''}>De l’intranet et des pages portant votre clé</option><option value="public"${scope === 'public' ? ' selected' : ''}>Du site public (pages sans clé)</option></select>`
    : ''
}
<button type="submit" class="button primary">Ajouter</button>
</form>
${endpoints.length > 0 ? endpoints.map((endpoint) => endpointCard(endpoint, viewer.csrf)).join('') : '<p class="meta">Aucun point de réception pour le moment.</p>'}`;
  return frame('Webhooks', body, viewer, 'webhooks');
}
