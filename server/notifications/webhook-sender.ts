import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, urlProblem } from './address-guard.ts';
import type { Outcome } from '../db/outbox-queue.ts';

/** Each endpoint signs with its own secret, shown once to the carrier when the endpoint is registered. */
export const newEndpointSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The signature of a delivery, as Stripe and GitHub sign theirs: HMAC-SHA256, with the
 * endpoint's secret, of the timestamp (Unix seconds, also sent) and the body joined by a dot.
 * A receiver recomputes it over the raw body and refuses an old timestamp (a replay).
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

const MAX_REDIRECTS = 3;

/** A failed connection as the carrier reads it in its back office (and the log), in French and without the address. */
function networkFailure(error: Error & { code?: string }): string {
  const known: Record<string, string> = {
    ECONNREFUSED: 'connexion refusée',
    ECONNRESET: 'connexion coupée',
    EHOSTUNREACH: 'serveur injoignable',
    ENETUNREACH: 'réseau injoignable',
    ENOTFOUND: 'nom introuvable',
    EAI_AGAIN: 'nom introuvable pour le moment',
    ENOTPUBLIC: error.message,
    CERT_HAS_EXPIRED: 'certificat expiré',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'certificat non reconnu',
    SELF_SIGNED_CERT_IN_CHAIN: 'certificat non reconnu',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificat non reconnu',
    ERR_TLS_CERT_ALTNAME_INVALID: 'certificat d’un autre nom',
  };
  return (
    (error.code && known[error.code]) ??
    (error.message.startsWith('pas de réponse') ? error.message : `échec de la connexion (${error.code ?? 'erreur'})`)
  );
}
/** A receiver's answer is read only this far: its text says nothing the server needs. */
const ANSWER_BYTES = 2048;

export interface Delivery {
  url: string;
  secret: string;
  eventId: string;
  type: string;
  body: string;
}

interface Answer {
  status: number;
  location: string | null;
}

function post(url: URL, delivery: Delivery, allowLoopback: boolean, timeoutMs: number, now: () => number): Promise<Answer> {
  const timestamp = Math.floor(now() / 1000);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(allowLoopback, url.protocol === 'http:'),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'transport-quote-server (webhook)',
          'x-tqw-event-id': delivery.eventId,
          'x-tqw-event-type': delivery.type,
          'x-tqw-timestamp': String(timestamp),
          'x-tqw-signature': signature(delivery.secret, timestamp, delivery.body),
        },
        timeout: timeoutMs,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES) response.destroy();
        });
        const done = () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    // The whole exchange, not only a silent socket, must end in time.
    const deadline = setTimeout(() => request.destroy(new Error(`pas de réponse en ${timeoutMs} ms`)), timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`pas de réponse en ${timeoutMs} ms`)));
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.on('close', () => clearTimeout(deadline));
    request.end(delivery.body);
  });
}

/**
 * Sends one delivery. A 2xx answer delivers it; anything else (another status, a refused
 * address, no answer in time) is a failure the worker retries. Redirects that keep the method
 * (307, 308) are followed, each new address checked like the first; others are not followed.
 */
export async function sendWebhook(
  delivery: Delivery,
  { allowLoopback, timeoutMs }: { allowLoopback: boolean; timeoutMs: number },
  now: () => number = Date.now,
): Promise<Outcome> {
  let url: URL;
  try {
    url = new URL(delivery.url);
  } catch {
    return { ok: false, status: null, error: 'adresse illisible' };
  }
  for (let hop = 0; ; hop++) {
    const problem = urlProblem(url, allowLoopback);
    if (problem) return { ok: false, status: null, error: problem };
    let answer: Answer;
    try {
      answer = await post(url, delivery, allowLoopback, timeoutMs, now);
    } catch (error) {
      return { ok: false, status: null, error: networkFailure(error as Error & { code?: string }) };
    }
    if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status };
    if ((answer.status === 307 || answer.status === 308) && answer.location && hop < MAX_REDIRECTS) {
      try {
        url = new URL(answer.location, url);
      } catch {
        return { ok: false, status: answer.status, error: 'redirection illisible' };
      }
      continue;
    }
    const redirect = answer.status >= 300 && answer.status < 400;
    return { ok: false, status: answer.status, error: redirect ? `redirection ${answer.status} non suivie` : `réponse ${answer.status}` };
  }
}
