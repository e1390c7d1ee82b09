// The demo's stand-in for Stripe (npm start only): the few calls the deposit makes (a Checkout
// Session made, read, expired; a refund), and a 'Paiement de démonstration' page in place of Checkout,
// whose button pays and sends the server Stripe's signed webhook (signed with the stripe
// package's own test helper), then leads back to the devis. No card, no internet.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

const page = (title: string, body: string) => `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
button{font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:8px;padding:.75rem 1.25rem;min-height:44px}
.note{color:#4b5563}</style></head><body><main>${body}</main></body></html>`;

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Starts the stand-in; returns its address, for STRIPE_API_BASE. */
export async function startDemoStripe(webhookSecret: string): Promise<string> {
  type Session = Record<string, unknown> & { id: string; url: string; success_url: string; cancel_url: string; amount_total: number };
  const sessions = new Map<string, Session>();
  const answers = new Map<string, string>();
  let counter = 0;
  const next = (prefix: string) => `${prefix}_demo_${Date.now().toString(36)}${(++counter).toString(36)}`;
  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://demo');
        const fields = Object.fromEntries(new URLSearchParams(text));
        const key = request.headers['idempotency-key'];
        const json = (body: unknown) => {
          const out = JSON.stringify(body);
          if (typeof key === 'string') answers.set(key, out);
          response.writeHead(200, { 'content-type': 'application/json' }).end(out);
        };
        if (request.method === 'POST' && typeof key === 'string' && answers.has(key)) {
          response.writeHead(200, { 'content-type': 'application/json' }).end(answers.get(key));
          return;
        }
        if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          const id = next('cs');
          const session: Session = {
            id,
            object: 'checkout.session',
            status: 'open',
            payment_status: 'unpaid',
            amount_total: Number(fields['line_items[0][price_data][unit_amount]']),
            currency: 'eur',
            client_reference_id: fields.client_reference_id ?? null,
            metadata: { travel_id: fields['metadata[travel_id]'] ?? '' },
            payment_intent: null,
            success_url: fields.success_url ?? '',
            cancel_url: fields.cancel_url ?? '',
            url: `${base}/paiement/${id}`,
          };
          sessions.set(id, session);
          return json(session);
        }
        const read = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
        if (request.method === 'GET' && read && sessions.has(read[1]!)) return json(sessions.get(read[1]!));
        // As Stripe: only an open session can be expired; a paid one answers an error.
        const expiring = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname);
        const expired = expiring ? sessions.get(expiring[1]!) : undefined;
        if (request.method === 'POST' && expired) {
          if (expired.status !== 'open') {
            response
              .writeHead(400, { 'content-type': 'application/json' })
              .end(JSON.stringify({ error: { type: 'invalid_request_error', message: `session ${String(expired.status)}` } }));
            return;
          }
          expired.status = 'expired';
          return json(expired);
        }
        if (request.method === 'POST' && url.pathname === '/v1/refunds')
          return json({ id: next('re'), object: 'refund', payment_intent: fields.payment_intent, status: 'succeeded' });
        const paying = /^\/paiement\/([\w-]+)$/.exec(url.pathname);
        const session = paying ? sessions.get(paying[1]!) : undefined;
        if (session && session.status !== 'open') {
          // Replaced by a newer page (the devis changed) or already paid: nothing more to pay here.
          response.writeHead(410, { 'content-type': 'text/html; charset=utf-8' }).end(
            page(
              'Page de paiement expirée',
              `<h1>Page de paiement expirée</h1><p>Cette page de paiement n’est plus valable. Revenez à votre devis pour régler l’acompte.</p>
<p><a href="${escape(session.cancel_url)}">Revenir au devis</a></p>`,
            ),
          );
          return;
        }
        if (session && request.method === 'GET') {
          const amount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(session.amount_total / 100);
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
            page(
              'Paiement de démonstration',
              `<h1>Paiement de démonstration</h1><p>Acompte de <strong>${escape(amount)}</strong>. Cette page remplace celle de Stripe dans la démonstration\u00a0: aucune carte n’est demandée, rien n’est prélevé.</p>
<form method="post"><button type="submit">Payer ${escape(amount)}</button></form>
<p><a href="${escape(session.cancel_url)}">Annuler et revenir au devis</a></p>`,
            ),
          );
          return;
        }
        if (session && request.method === 'POST') {
          Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: next('pi') });
          const payload = JSON.stringify({
            id: next('evt'),
            object: 'event',
            type: 'checkout.session.completed',
            data: { object: session },
          });
          const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
          // Stripe's webhook, to the server the return link leads to.
          await fetch(`${new URL(session.success_url).origin}/paiements/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          }).catch(() => undefined);
          response.writeHead(303, { location: session.success_url }).end();
          return;
        }
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"inconnu"}}');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return base;
}
