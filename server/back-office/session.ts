import type { FastifyReply, FastifyRequest } from 'fastify';
import { findSession, type SessionUser } from '../db/accounts-repo.ts';
import type { BookingScope } from '../db/carrier-bookings.ts';
import type { Sql } from '../db/sql.ts';
import { hashToken } from '../security/tokens.ts';
import { BASE } from './layout.ts';

/** The session cookie: a random token, kept by the server only as its hash. */
export const SESSION_COOKIE = 'tqw_session';
/** The cookie holding the secret the form tokens (CSRF) are made from. */
export const CSRF_COOKIE = 'tqw_csrf';

/**
 * The session cookie's attributes: never read by a script (HttpOnly), sent with top-level
 * navigations from elsewhere but not with their forms or frames (SameSite=Lax), only under the
 * back office's path, and Secure whenever the request came over TLS (directly, or through a
 * proxy trusted by TRUST_PROXY that says so in X-Forwarded-Proto).
 */
export const cookieOptions = { path: BASE, httpOnly: true, sameSite: 'lax', secure: 'auto' } as const;

export interface SignedIn extends SessionUser {
  /** The session's hash: what the form tokens are bound to. */
  sessionHash: string;
  scope: BookingScope;
}

declare module 'fastify' {
  interface FastifyRequest {
    carrier?: SignedIn | null;
  }
}

/** The session a request presents, if it is open; sets request.carrier. */
export async function loadSession(sql: Sql, request: FastifyRequest, publicCompanyId: number | null): Promise<SignedIn | null> {
  if (request.carrier !== undefined) return request.carrier;
  const token = request.cookies[SESSION_COOKIE];
  const sessionHash = token ? hashToken(token) : null;
  const user = sessionHash && token!.length <= 100 ? await findSession(sql, sessionHash, Date.now()) : null;
  request.carrier =
    user && sessionHash
      ? { ...user, sessionHash, scope: { companyId: user.companyId, withPublic: user.companyId === publicCompanyId } }
      : null;
  return request.carrier;
}

/** What a form token is bound to: the session, or nobody yet (the sign-in form). */
export const csrfUserInfo = (request: FastifyRequest) => request.carrier?.sessionHash ?? 'connexion';

/**
 * A page or form that needs a session: a page asked without one leads to the sign-in, a form
 * posted without one is refused (its session ended: nothing is done).
 */
export function requireSession(
  sql: Sql,
  publicCompanyId: number | null,
  signedOut: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const carrier = await loadSession(sql, request, publicCompanyId);
    if (carrier) return;
    if (request.method === 'GET') return reply.redirect(`${BASE}/connexion`, 303);
    return signedOut(request, reply);
  };
}
