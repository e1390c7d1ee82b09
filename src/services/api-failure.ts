import * as v from 'valibot';
import { ErrorAnswerSchema } from '../domain/payload/error-answer.ts';
import { NO_ANSWER_TEXT } from './api-error.ts';

/** Longer than this, a server's own text is not shown: the element's sentence stands in. */
const SERVER_TEXT_MAX = 300;

export interface FailureFacts {
  /** null when no answer came (network down, timeout). */
  status: number | null;
  timedOut?: boolean;
  /** The answer's body, unparsed. */
  body?: unknown;
  /** The Retry-After header of a 429, in seconds. */
  retryAfter?: string | null;
  /** The answer came but was not what the call expects. */
  unexpected?: boolean;
}

const NBSP = '\u00a0';

function serverText(body: unknown): string | null {
  // The API's refusal ({ error, fields }), read with the schema the server publishes.
  const parsed = v.safeParse(ErrorAnswerSchema, body);
  return parsed.success && parsed.output.error.length <= SERVER_TEXT_MAX ? parsed.output.error : null;
}

function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function waitWords(retryAfter: string | null | undefined): string {
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 0) return 'dans une minute';
  return seconds < 90 ? `dans ${Math.ceil(seconds)}${NBSP}secondes` : `dans ${Math.ceil(seconds / 60)}${NBSP}minutes`;
}

/**
 * What went wrong with a call, in one French sentence a visitor can act on ('save failed'
 * alone tells nothing). The server's own text is used where it is the best account
 * (impossible figures, a full quota) and only once parsed.
 */
export function failureReason({ status, timedOut = false, body, retryAfter, unexpected = false }: FailureFacts): string {
  if (status === null) return timedOut ? 'Le serveur met trop de temps à répondre.' : NO_ANSWER_TEXT;
  if (unexpected) return 'Le serveur a répondu de façon inattendue.';
  switch (status) {
    case 400:
      return `Le serveur a refusé la demande${NBSP}: une donnée n’est pas dans le format attendu.`;
    case 401:
    case 403:
    case 404:
    case 410:
      return `Réservation introuvable${NBSP}: le lien a peut-être expiré.`;
    case 409:
      // The carrier's price changed (its new quote comes with it), or the same booking is being saved.
      return sentence(serverText(body) ?? 'Cette réservation est déjà en cours d’enregistrement');
    case 413:
      return 'La réservation est trop volumineuse pour le serveur.';
    case 422:
      return sentence(serverText(body) ?? 'Le serveur a refusé des chiffres de la réservation');
    case 429:
      return `Trop de demandes en peu de temps${NBSP}: réessayez ${waitWords(retryAfter)}.`;
    case 507:
      return sentence(serverText(body) ?? 'Le serveur n’a plus de place pour enregistrer des réservations');
    default:
      return status >= 500 ? 'Le serveur a rencontré un problème.' : `Le serveur a refusé la demande (erreur ${status}).`;
  }
}
