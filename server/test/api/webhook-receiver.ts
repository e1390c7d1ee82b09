// A carrier's webhook receiver as a test runs it (node:http on this machine): it records every
// delivery as it arrived (headers and raw body), answers after a chosen delay with a chosen
// status, and can be stopped and started again on the same port.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BackOffice } from './back-office-client.ts';

/** A delivery as it arrived: its headers, its raw body, its event read as JSON (null when it is not). */
export interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the event is what the test asserts
  event: any;
  path: string | undefined;
}

export async function startReceiver({ delayMs = 0, status = 200 } = {}) {
  const receiver = {
    port: 0,
    delayMs,
    status,
    /** A 3xx answer's Location, when `status` is one. */
    location: null as string | null,
    /** Every delivery received: { headers, body (raw text), event (parsed) }. */
    received: [] as Delivery[],
    server: null as http.Server | null,
    get url() {
      return `http://127.0.0.1:${receiver.port}/webhooks/reservations`;
    },
    /** The deliveries of one event id. */
    deliveriesOf(eventId: string) {
      return receiver.received.filter((delivery) => delivery.event.id === eventId);
    },
    /** The booking.created events, by booking id. */
    createdIds() {
      return new Set(receiver.received.filter((delivery) => delivery.event.type === 'booking.created').map((d) => d.event.data.booking.id));
    },
    async open() {
      const server = http.createServer((request, response) => {
        let body = '';
        request.setEncoding('utf8');
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          let event = null;
          try {
            event = JSON.parse(body);
          } catch {
            // Recorded as it came: the test says what was wrong with it.
          }
          receiver.received.push({ headers: request.headers, body, event, path: request.url });
          setTimeout(() => {
            response.writeHead(receiver.status, receiver.location ? { location: receiver.location } : {});
            response.end('reçu');
          }, receiver.delayMs);
        });
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(receiver.port, '127.0.0.1', resolve);
      });
      receiver.port = (server.address() as AddressInfo).port;
      receiver.server = server;
    },
    /** Stops answering: the port refuses connections until open() again. */
    async close() {
      const server = receiver.server!;
      receiver.server = null;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  await receiver.open();
  return receiver;
}

/**
 * A receiver's check of a delivery, word for word server/README.md's (Webhooks): the HMAC-SHA256 of
 * the timestamp and the raw body, joined by a dot, with the endpoint's secret, compared in
 * constant time, and no older than five minutes.
 */
export function isGenuine(headers: http.IncomingHttpHeaders, body: string, secret: string) {
  const timestamp = Number(headers['x-tqw-timestamp']);
  if (!(Math.abs(Date.now() / 1000 - timestamp) < 300)) return false; // more than 5 minutes: a replay
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(String(headers['x-tqw-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const validSignature = (secret: string, headers: http.IncomingHttpHeaders, body: string) => isGenuine(headers, body, secret);

/** Waits until `condition()` holds (checked every 50 ms), failing with `what` after `timeoutMs`. */
export async function waitFor(condition: () => unknown, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`attendu en vain : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Registers an endpoint in the back office of a signed-in session and reads its secret from the
 * answer, the one page that shows it whole; `scope`: 'entreprise' (the company's bookings) or
 * 'public' (the public pages'). `page`: the webhooks page read afterwards.
 */
export async function registerEndpoint(office: BackOffice, url: string, scope = 'entreprise') {
  await office.get('/espace-transporteur/webhooks');
  const added = await office.post('/espace-transporteur/webhooks', { url, portee: scope });
  if (added.status !== 201) throw new Error(`point de réception refusé (${added.status}) : ${added.text.slice(0, 500)}`);
  const secret = /<section class="card new-secret"[\s\S]*?<code class="secret">(whsec_[\w-]+)<\/code>/.exec(added.text)![1]!;
  const page = await office.get('/espace-transporteur/webhooks');
  return { secret, page: page.text, added: added.text };
}

export { BackOffice };
