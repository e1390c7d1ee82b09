// A local stand-in for the few Stripe calls the deposit makes (Checkout Sessions made, read and
// expired; Refunds), as the official client sends them: form-encoded bodies, an Idempotency-Key
// header, JSON answers. Like Stripe, a repeated idempotency key gets the first answer again, and
// nothing new is made; like Stripe, only an open session can be expired (a completed or expired
// one gets a 400 invalid_request_error) and an expired one can no longer be paid. It can be
// 'down' (every call a 503, or those whose path matches), and it signs the events it sends with
// the stripe package's own test helper, as Stripe signs its webhooks.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  fields: Record<string, string>;
}

export async function startStripeStandIn() {
  const sessions = new Map<string, StandInSession>();
  const refunds: { id: string; payment_intent: string; amount: number }[] = [];
  const answers = new Map<string, { status: number; body: string }>();
  const requests: StandInRequest[] = [];
  let down: boolean | RegExp = false;
  /** Calls whose path matches are done, but their answer waits for release() (a server killed meanwhile never gets it). */
  let holding: RegExp | null = null;
  const heldAnswers: (() => void)[] = [];
  let counter = 0;
  const next = (prefix: string) => `${prefix}_test_${(++counter).toString().padStart(6, '0')}`;

  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
      const fields = Object.fromEntries(new URLSearchParams(text));
      requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey: key, fields });
      const send = (status: number, body: unknown) => {
        const json = JSON.stringify(body);
        if (key && request.method === 'POST' && status < 500) answers.set(key, { status, body: json });
        const answer = () =>
          response.writeHead(status, { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) }).end(json);
        if (holding?.test(url.pathname)) heldAnswers.push(answer);
        else answer();
      };
      if (down === true || (down instanceof RegExp && down.test(url.pathname)))
        return send(503, { error: { type: 'api_error', message: 'Stripe indisponible (stand-in)' } });
      const again = key && request.method === 'POST' ? answers.get(key) : undefined;
      if (again) {
        response.writeHead(again.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(again.body);
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = next('cs');
        const session: StandInSession = {
          id,
          object: 'checkout.session',
          mode: fields.mode ?? '',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(fields['line_items[0][price_data][unit_amount]']) * Number(fields['line_items[0][quantity]'] ?? 1),
          currency: fields['line_items[0][price_data][currency]'] ?? '',
          client_reference_id: fields.client_reference_id ?? null,
          metadata: { travel_id: fields['metadata[travel_id]'] ?? '' },
          payment_intent: null,
          success_url: fields.success_url ?? '',
          cancel_url: fields.cancel_url ?? '',
          url: `${base}/pay/${id}`,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const missing = { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } };
      const read = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (request.method === 'GET' && read) {
        const session = sessions.get(read[1]!);
        return session ? send(200, session) : send(404, missing);
      }
      const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname);
      if (request.method === 'POST' && expire) {
        const session = sessions.get(expire[1]!);
        if (!session) return send(404, missing);
        // Stripe expires an open session only; the others get an error, and stay as they are.
        if (session.status !== 'open')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: `This Checkout Session is ${session.status}: only an open session can be expired.`,
            },
          });
        session.status = 'expired';
        return send(200, session);
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const intent = fields.payment_intent ?? '';
        const paid = [...sessions.values()].find((session) => session.payment_intent === intent);
        if (!paid) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        const refund = { id: next('re'), object: 'refund', payment_intent: intent, amount: paid.amount_total, status: 'succeeded' };
        refunds.push(refund);
        return send(200, refund);
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    sessions,
    refunds,
    requests,
    /** Every call answers 503 (true), or those whose path matches, or none (false). */
    setDown(value: boolean | RegExp) {
      down = value;
    },
    /** Calls whose path matches are done at once, their answers held until release(). */
    hold(paths: RegExp) {
      holding = paths;
    },
    /** How many answers are held. */
    held: () => heldAnswers.length,
    /** Stops holding, and sends the answers held (to whoever still listens). */
    release() {
      holding = null;
      for (const answer of heldAnswers.splice(0)) answer();
    },
    /**
     * The customer pays on Checkout: the open session completes, with its payment intent. An
     * expired or completed session cannot be paid, as on Checkout; `race` pays it anyway, as when
     * a payment Stripe was already taking completes while the session is being expired.
     */
    pay(sessionId: string, { race = false } = {}): StandInSession {
      const session = sessions.get(sessionId)!;
      if (session.status !== 'open' && !race) throw new Error(`session ${sessionId} ${session.status}: it cannot be paid`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = next('pi');
      return session;
    },
    /** An event about a session, as Stripe sends it, with its body and a signature made with `secret`. */
    event(type: string, session: StandInSession, secret: string) {
      const payload = JSON.stringify({
        id: next('evt'),
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object: session },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** A server's Stripe settings pointing at this stand-in, its webhooks signed with `webhookSecret`. */
export function stripeEnvFor(standIn: StripeStandIn, webhookSecret: string) {
  return { STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: standIn.url };
}
