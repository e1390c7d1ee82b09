import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import * as v from 'valibot';
import type { BackOfficeSettings } from '../config/back-office.ts';
import { endSession, findUserByEmail, normalEmail, recordSignIn } from '../db/accounts-repo.ts';
import { forgiveTry, pastTheLock, recordFailure, signInGate, signInKeys } from '../db/sign-in-throttle.ts';
import type { Sql } from '../db/sql.ts';
import { clientKey } from '../security/client-key.ts';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from '../security/passwords.ts';
import { generateToken, hashToken, sha256 } from '../security/tokens.ts';
import { BASE } from './layout.ts';
import { page } from './office-page.ts';
import { cookieOptions, CSRF_COOKIE, csrfUserInfo, loadSession, SESSION_COOKIE } from './session.ts';
import { renderSignInPage } from './sign-in-page.ts';

const SignInForm = v.object({
  email: v.pipe(v.string(), v.maxLength(254)),
  mot_de_passe: v.pipe(v.string(), v.maxLength(200)),
});
/** What the sign-in page says after a sign-out, here or everywhere. */
const SIGNED_OUT: Record<string, string> = {
  '1': 'Vous êtes déconnecté.',
  partout: 'Vous êtes déconnecté de toutes vos sessions, sur tous vos appareils.',
};
/** What the sign-in page says after an account's link was used. */
const SIGN_IN_NEWS: Record<string, string> = {
  compte: 'Votre compte est créé\u00a0: connectez-vous avec votre adresse e-mail et le mot de passe choisi.',
  'mot-de-passe': 'Mot de passe changé\u00a0: connectez-vous avec le nouveau.',
};

export interface SignInDeps {
  sql: Sql;
  settings: BackOfficeSettings;
  addressSecret: Buffer;
  /** The session's form guard ('Se déconnecter' needs the session and its form token). */
  protectedForm: { preHandler: preHandlerHookHandler[] };
}

/**
 * Signing in and out of the back office: the sign-in form (throttled per address and per
 * client, an unknown account costing the same hash as a known one), the session's cookie, and
 * the sign-out.
 */
export function signInRoutes(office: FastifyInstance, { sql, settings, addressSecret, protectedForm }: SignInDeps): void {
  office.get('/', async (request, reply) => {
    const carrier = await loadSession(sql, request, settings.publicCompanyId);
    return reply.redirect(`${BASE}/${carrier ? 'reservations' : 'connexion'}`, 303);
  });

  office.get('/connexion', async (request, reply) => {
    if (await loadSession(sql, request, settings.publicCompanyId)) return reply.redirect(`${BASE}/reservations`, 303);
    const query = request.query as Record<string, unknown>;
    const info = SIGNED_OUT[String(query.fin)] ?? SIGN_IN_NEWS[String(query.fait)] ?? null;
    return page(reply, renderSignInPage(reply.generateCsrf({ userInfo: csrfUserInfo(request) }), { info }));
  });

  office.post('/connexion', { preHandler: office.csrfProtection }, async (request, reply) => {
    const form = v.safeParse(SignInForm, request.body);
    const email = form.success ? form.output.email : '';
    const again = (status: number, error: string) =>
      page(reply, renderSignInPage(reply.generateCsrf({ userInfo: csrfUserInfo(request) }), { email, error }), status);
    if (!form.success || email.trim() === '' || form.output.mot_de_passe === '')
      return again(400, 'Saisissez votre adresse e-mail et votre mot de passe.');
    const keys = signInKeys(sha256(normalEmail(email)), clientKey(request.ip, addressSecret));
    const now = Date.now();
    const gate = await signInGate(sql, keys, settings, now);
    if (gate.kind !== 'open') {
      void reply.header('retry-after', String(gate.seconds));
      return gate.kind === 'wait'
        ? again(429, `Trop d’essais manqués\u00a0: patientez ${gate.seconds}\u00a0s avant de réessayer.`)
        : again(429, `Trop d’essais manqués\u00a0: la connexion est bloquée pendant ${Math.ceil(gate.seconds / 60)}\u00a0min.`);
    }
    // Counted as failed before the password is checked, so tries sent together cannot all pass the gate.
    const counted = await recordFailure(sql, keys, settings, now);
    if (pastTheLock(counted, settings)) {
      void reply.header('retry-after', String(Math.ceil(settings.lockMs / 1000)));
      return again(429, `Trop d’essais manqués\u00a0: la connexion est bloquée pendant ${Math.ceil(settings.lockMs / 60_000)}\u00a0min.`);
    }
    const user = await findUserByEmail(sql, email);
    // An unknown account costs the same hash as a known one: the answer's time tells nothing.
    const matches = await verifyPassword(form.output.mot_de_passe, user?.password_hash ?? UNKNOWN_ACCOUNT_HASH);
    if (!user || !matches) return again(401, 'Adresse e-mail ou mot de passe incorrect.');
    await forgiveTry(sql, keys);
    const token = generateToken();
    await recordSignIn(sql, user.id, hashToken(token), now, now + settings.sessionMs, request.headers['user-agent'] ?? '');
    void reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: Math.floor(settings.sessionMs / 1000) });
    // The form tokens of the signed-out page are not carried into the session.
    void reply.clearCookie(CSRF_COOKIE, cookieOptions);
    return reply.redirect(`${BASE}/reservations`, 303);
  });

  office.post('/deconnexion', protectedForm, async (request, reply) => {
    await endSession(sql, request.carrier!.sessionHash);
    void reply.clearCookie(SESSION_COOKIE, cookieOptions).clearCookie(CSRF_COOKIE, cookieOptions);
    return reply.redirect(`${BASE}/connexion?fin=1`, 303);
  });
}
