import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import * as v from 'valibot';
import type { BackOfficeSettings } from '../../config/back-office.ts';
import { createUser, findUserByEmail, normalEmail, type Role } from '../../db/accounts-repo.ts';
import { recordSettingChange } from '../../db/settings-journal.ts';
import { forgiveTry, pastTheLock, recordFailure, signInGate, signInKeys, type ThrottleKeys } from '../../db/sign-in-throttle.ts';
import type { Sql } from '../../db/sql.ts';
import {
  cancelInvitation,
  countAdministrators,
  createLink,
  endSessionsOf,
  findLink,
  findMember,
  findOpenInvitation,
  listMembers,
  lockTeam,
  markMailSent,
  openInvitations,
  openSessions,
  removeMember,
  renewInvitation,
  retireResetLinks,
  setPasswordHash,
  setRole,
  useLink,
  type AccountLink,
  type LinkKind,
} from '../../db/team-repo.ts';
import type { Notifier } from '../../notifications/notifier.ts';
import { clientKey } from '../../security/client-key.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, UNKNOWN_ACCOUNT_HASH, verifyPassword } from '../../security/passwords.ts';
import { generateToken, hashToken, sha256, tokenMatches } from '../../security/tokens.ts';
import { administratorsOnly as administratorsOnlyGuard } from '../administrators-only.ts';
import { BASE, frame, type Viewer } from '../layout.ts';
import { cookieOptions, CSRF_COOKIE, csrfUserInfo, SESSION_COOKIE } from '../session.ts';
import { renderAccountPage } from './account-page.ts';
import { renderForgottenPage, renderInvitationPage, renderLinkProblem, renderResetPage, RESET_ANSWER } from './link-pages.ts';
import {
  ACCOUNT_URL,
  FORGOTTEN_URL,
  INVITATION_URL,
  INVITATION_VALIDITY_MS,
  PASSWORD_MAX,
  RESET_URL,
  RESET_VALIDITY_MS,
  ROLE_LABELS,
  ROLES,
  TEAM_URL,
} from './links.ts';
import { invitationMail, resetMail } from './team-mail.ts';
import { renderTeamPage } from './team-page.ts';

/** What the team's pages read of the back office they are part of. */
export interface TeamContext {
  sql: Sql;
  settings: BackOfficeSettings;
  notifier: Notifier;
  addressSecret: Buffer;
  signedIn: preHandlerAsyncHookHandler;
  csrf: preHandlerHookHandler;
  viewerOf: (request: FastifyRequest, reply: FastifyReply) => Viewer;
  page: (reply: FastifyReply, html: string, status?: number) => FastifyReply;
}

const JOURNAL_AREA = 'equipe';
/** An address as a person types it; the server lowers its case (normalEmail). */
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

const IdParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
const InvitationForm = v.object({
  email: v.pipe(v.string(), v.trim(), v.maxLength(254)),
  role: v.optional(v.picklist(ROLES), 'exploitant'),
});
const RoleForm = v.object({ role: v.picklist(ROLES) });
const EmailForm = v.object({ email: v.pipe(v.string(), v.maxLength(254)) });
const NewPassword = { nouveau: v.pipe(v.string(), v.maxLength(PASSWORD_MAX)), confirmation: v.pipe(v.string(), v.maxLength(PASSWORD_MAX)) };
const PasswordChangeForm = v.object({ actuel: v.pipe(v.string(), v.maxLength(PASSWORD_MAX)), ...NewPassword });
const LinkForm = v.object({ jeton: v.pipe(v.string(), v.maxLength(100)), ...NewPassword });
const LinkQuery = v.object({ jeton: v.pipe(v.string(), v.maxLength(100)) });

/** What each finished action says on the page it leads back to (Post/Redirect/Get). */
const DONE: Record<string, { kind: 'success' | 'error' | 'info'; text: string }> = {
  invitation: { kind: 'success', text: 'Invitation envoyée\u00a0: son lien est valable 72\u00a0heures.' },
  'invitation-renvoyee': {
    kind: 'success',
    text: 'Invitation renvoyée\u00a0: l’ancien lien ne fonctionne plus, le nouveau est valable 72\u00a0heures.',
  },
  'invitation-annulee': { kind: 'success', text: 'Invitation annulée\u00a0: son lien ne fonctionne plus.' },
  'courriel-echoue': {
    kind: 'error',
    text: 'L’invitation est enregistrée, mais son e-mail n’a pas pu partir (le serveur d’e-mails ne répond pas). Rien n’est perdu\u00a0: renvoyez-la depuis «\u202fInvitations en attente\u202f» dans un instant.',
  },
  'courriel-desactive': {
    kind: 'error',
    text: 'L’invitation est enregistrée, mais ce serveur n’envoie pas d’e-mails (ni SMTP_URL ni MAIL_DIR)\u00a0: demandez à son exploitant de les activer, puis renvoyez-la.',
  },
  'sans-adresse': {
    kind: 'error',
    text: 'L’invitation est enregistrée, mais son lien ne peut pas être écrit\u00a0: l’adresse publique du serveur (PUBLIC_URL) n’est pas réglée. Demandez à son exploitant de la régler, puis renvoyez-la.',
  },
  role: { kind: 'success', text: 'Rôle changé\u00a0: il s’applique dès la prochaine page ouverte.' },
  'role-inchange': { kind: 'info', text: 'Rien n’a changé\u00a0: c’était déjà son rôle.' },
  'dernier-administrateur': {
    kind: 'error',
    text: 'L’entreprise doit garder au moins un administrateur\u00a0: nommez-en un autre avant de changer ce rôle.',
  },
  retire: { kind: 'success', text: 'Collègue retiré de l’équipe\u00a0: ses sessions ont pris fin.' },
  'retrait-propre': { kind: 'error', text: 'Vous ne pouvez pas vous retirer vous-même\u00a0: demandez à un autre administrateur.' },
  'mot-de-passe': { kind: 'success', text: 'Mot de passe changé\u00a0: vos autres sessions ont pris fin.' },
  'plus-administrateur': {
    kind: 'info',
    text: 'Vous êtes maintenant exploitant\u00a0: les réglages et l’équipe sont réservés aux administrateurs.',
  },
};

const doneOf = (request: FastifyRequest) => {
  const done = (request.query as Record<string, unknown>).fait;
  return typeof done === 'string' ? (DONE[done] ?? null) : null;
};

/** Why a new password is refused, or null when it will do. */
function passwordProblem(password: string, confirmation: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `Choisissez un mot de passe d’au moins ${MIN_PASSWORD_LENGTH} caractères.`;
  if (password !== confirmation) return 'Les deux saisies du nouveau mot de passe ne sont pas identiques.';
  return null;
}

/**
 * Équipe (administrators: colleagues, roles, invitations), Mon compte (everyone: password,
 * sessions) and the two links sent by e-mail (an invitation, a forgotten password). A link's
 * token is kept only as its hash, checked in constant time, works once, and for a limited time.
 * Every change of the team is written in the settings' journal, in its own transaction.
 */
export async function teamRoutes(office: FastifyInstance, context: TeamContext): Promise<void> {
  const kit = teamRoutesKit(office, context);
  invitationRoutes(office, kit);
  memberRoutes(office, kit);
  accountRoutes(office, kit);
  passwordResetRoutes(office, kit);
  invitationLinkRoutes(office, kit);
}

/** What every group of teamRoutes shares: the context, its guards and helpers. */
function teamRoutesKit(office: FastifyInstance, context: TeamContext) {
  const { sql, settings, notifier, signedIn, csrf, viewerOf, page } = context;
  const administratorsOnly = administratorsOnlyGuard('L’équipe de l’entreprise est réservée', viewerOf, page);
  const administrator = { preHandler: [signedIn, administratorsOnly] };
  const administratorForm = { preHandler: [signedIn, csrf as preHandlerAsyncHookHandler, administratorsOnly] };
  const anyoneForm = { preHandler: [signedIn, csrf as preHandlerAsyncHookHandler] };
  const signedOutForm = { preHandler: csrf };
  const who = (request: FastifyRequest) => {
    const carrier = request.carrier!;
    return { companyId: carrier.companyId, userId: carrier.userId, userEmail: carrier.email };
  };
  const formToken = (request: FastifyRequest, reply: FastifyReply) => reply.generateCsrf({ userInfo: csrfUserInfo(request) });
  /** A link's page: its token is in the address, so it is never sent on to another page. */
  const linkPage = (reply: FastifyReply, html: string, status = 200) => page(reply.header('referrer-policy', 'no-referrer'), html, status);
  const companyName = async (companyId: number) =>
    (await sql.get<{ name: string }>('SELECT name FROM companies WHERE id = ?', [companyId]))?.name ?? '';
  const sourceOf = (request: FastifyRequest) => clientKey(request.ip, context.addressSecret);
  /**
   * A reset's requests are counted per address typed, from every source: they protect that
   * mailbox, and a reset refused locks nobody out (their password still works).
   */
  const resetKeys = (request: FastifyRequest, email: string): ThrottleKeys => ({
    account: `reset-account:${sha256(normalEmail(email))}`,
    address: `reset-address:${sourceOf(request)}`,
  });

  const teamPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: { typed?: { email: string; role: Role; error: string }; status?: number } = {},
  ) => {
    const { companyId, userId } = who(request);
    return page(
      reply,
      renderTeamPage({
        viewer: viewerOf(request, reply),
        selfId: userId,
        members: await listMembers(sql, companyId),
        invitations: await openInvitations(sql, companyId),
        now: Date.now(),
        message: state.typed ? null : doneOf(request),
        ...(state.typed ? { typed: state.typed } : {}),
      }),
      state.status,
    );
  };

  /** The link a token opens, or why it opens nothing. */
  const openLink = async (kind: LinkKind, token: string, validityMs: number) => {
    const link = token ? await findLink(sql, kind, hashToken(token)) : null;
    // Found by its hash, then compared again in constant time.
    if (!link || !tokenMatches(token, link.token_hash)) return { problem: 'inconnu' as const };
    if (link.used_at !== null) return { problem: 'utilise' as const };
    if (link.created_at + validityMs <= Date.now()) return { problem: 'expire' as const };
    return { link };
  };

  const linkProblem = (reply: FastifyReply, kind: LinkKind, problem: 'inconnu' | 'utilise' | 'expire') => {
    const invitation = kind === 'invitation';
    const next = invitation
      ? { href: `${BASE}/connexion`, label: 'Aller à la connexion' }
      : { href: FORGOTTEN_URL, label: 'Demander un nouveau lien' };
    const texts = {
      inconnu: ['Lien inconnu', 'Ce lien n’est pas valable\u00a0: vérifiez qu’il est complet, ou demandez-en un nouveau.'],
      utilise: [
        'Lien déjà utilisé',
        invitation
          ? 'Cette invitation a déjà servi\u00a0: connectez-vous avec le mot de passe choisi alors.'
          : 'Ce lien a déjà servi\u00a0: demandez-en un nouveau si besoin.',
      ],
      expire: [
        'Lien expiré',
        invitation
          ? 'Cette invitation a expiré (72\u00a0heures)\u00a0: demandez à un administrateur de vous la renvoyer.'
          : 'Ce lien a expiré (une heure)\u00a0: demandez-en un nouveau.',
      ],
    } as const;
    const [title, text] = texts[problem];
    return linkPage(reply, renderLinkProblem(title, text, next), problem === 'inconnu' ? 404 : 410);
  };

  const tokenOf = (request: FastifyRequest) => {
    const query = v.safeParse(LinkQuery, request.query);
    return query.success ? query.output.jeton : '';
  };

  return {
    sql,
    settings,
    notifier,
    signedIn,
    csrf,
    viewerOf,
    page,
    administratorsOnly,
    administrator,
    administratorForm,
    anyoneForm,
    signedOutForm,
    who,
    formToken,
    linkPage,
    companyName,
    sourceOf,
    resetKeys,
    teamPage,
    openLink,
    linkProblem,
    tokenOf,
    context,
  };
}
type TeamRoutesKit = ReturnType<typeof teamRoutesKit>;

/** Équipe: the page, and the invitations an administrator sends, sends again or cancels. */
function invitationRoutes(office: FastifyInstance, kit: TeamRoutesKit): void {
  const { sql, notifier, viewerOf, page, administrator, administratorForm, who, companyName, teamPage } = kit;

  office.get('/equipe', administrator, async (request, reply) => teamPage(request, reply));

  /** Sends an invitation's e-mail with a new token, and says how it went ('fait' of the Équipe page). */
  const sendInvitation = async (invitation: AccountLink, token: string, invitedBy: string): Promise<string> => {
    const base = notifier.linkBase();
    if (!base) return 'sans-adresse';
    const name = await companyName(invitation.company_id);
    const mail = invitationMail({
      companyName: name,
      invitedBy,
      role: invitation.role ?? 'exploitant',
      link: `${base}${INVITATION_URL}?${new URLSearchParams({ jeton: token })}`,
    });
    const outcome = await notifier.sendNow(
      { to: invitation.email, replyTo: null, ...mail },
      name,
      `invitation-${invitation.id}-${Date.now()}`,
    );
    if (outcome === null) return 'courriel-desactive';
    await markMailSent(sql, invitation.id, outcome.ok);
    return outcome.ok ? 'sent' : 'courriel-echoue';
  };

  office.post('/equipe/invitations', administratorForm, async (request, reply) => {
    const form = v.safeParse(InvitationForm, request.body);
    const typed = { email: form.success ? form.output.email : '', role: form.success ? form.output.role : ('exploitant' as Role) };
    const refuse = (error: string) => teamPage(request, reply, { typed: { ...typed, error }, status: 422 });
    if (!form.success || !EMAIL.test(typed.email))
      return refuse('Indiquez l’adresse e-mail de votre collègue, par exemple prenom@exemple.fr.');
    const email = normalEmail(typed.email);
    const { companyId, userId, userEmail } = who(request);
    const token = generateToken();
    const created = await sql.transaction(async (tx) => {
      await lockTeam(tx, companyId);
      if (await findUserByEmail(tx, email)) return 'compte';
      if ((await openInvitations(tx, companyId)).some((invitation) => invitation.email === email)) return 'attente';
      const id = await createLink(tx, {
        kind: 'invitation',
        tokenHash: hashToken(token),
        companyId,
        email,
        role: typed.role,
        userId: null,
        invitedBy: userEmail,
        now: Date.now(),
      });
      await recordSettingChange(tx, {
        companyId,
        userId,
        userEmail,
        area: JOURNAL_AREA,
        summary: `Invitation de ${email} comme ${ROLE_LABELS[typed.role].toLowerCase()}`,
        before: undefined,
        after: { email, role: typed.role },
      });
      return id;
    });
    if (created === 'compte')
      return refuse('Cette adresse a déjà un compte dans l’espace transporteur\u00a0: elle ne peut pas être invitée.');
    if (created === 'attente')
      return refuse('Une invitation attend déjà cette adresse\u00a0: renvoyez-la depuis «\u202fInvitations en attente\u202f».');
    const invitation = (await findOpenInvitation(sql, companyId, created))!;
    const sent = await sendInvitation(invitation, token, userEmail);
    return reply.redirect(`${TEAM_URL}?fait=${sent === 'sent' ? 'invitation' : sent}`, 303);
  });

  office.post('/equipe/invitations/:id/renvoyer', administratorForm, async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    const { companyId, userId, userEmail } = who(request);
    const invitation = params.success ? await findOpenInvitation(sql, companyId, params.output.id) : null;
    if (!invitation) return page(reply, frame('Invitation introuvable', '<h1>Invitation introuvable</h1>', viewerOf(request, reply)), 404);
    const token = generateToken();
    await sql.transaction(async (tx) => {
      await renewInvitation(tx, invitation.id, hashToken(token), Date.now());
      await recordSettingChange(tx, {
        companyId,
        userId,
        userEmail,
        area: JOURNAL_AREA,
        summary: `Invitation de ${invitation.email} renvoyée`,
        before: undefined,
        after: undefined,
      });
    });
    const sent = await sendInvitation(invitation, token, userEmail);
    return reply.redirect(`${TEAM_URL}?fait=${sent === 'sent' ? 'invitation-renvoyee' : sent}`, 303);
  });

  office.post('/equipe/invitations/:id/annuler', administratorForm, async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    const { companyId, userId, userEmail } = who(request);
    const invitation = params.success ? await findOpenInvitation(sql, companyId, params.output.id) : null;
    const cancelled =
      invitation !== null &&
      (await sql.transaction(async (tx) => {
        if (!(await cancelInvitation(tx, companyId, invitation.id))) return false;
        await recordSettingChange(tx, {
          companyId,
          userId,
          userEmail,
          area: JOURNAL_AREA,
          summary: `Invitation de ${invitation.email} annulée`,
          before: undefined,
          after: undefined,
        });
        return true;
      }));
    if (!cancelled) return page(reply, frame('Invitation introuvable', '<h1>Invitation introuvable</h1>', viewerOf(request, reply)), 404);
    return reply.redirect(`${TEAM_URL}?fait=invitation-annulee`, 303);
  });
}

/** Équipe: a colleague’s role, and removing a colleague. */
function memberRoutes(office: FastifyInstance, kit: TeamRoutesKit): void {
  const { sql, viewerOf, page, administratorForm, who } = kit;
  const memberNotFound = (request: FastifyRequest, reply: FastifyReply) =>
    page(
      reply,
      frame(
        'Collègue introuvable',
        `<h1>Collègue introuvable</h1><p><a href="${TEAM_URL}">Retour à l’équipe</a></p>`,
        viewerOf(request, reply),
      ),
      404,
    );

  office.post('/equipe/:id/role', administratorForm, async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    const form = v.safeParse(RoleForm, request.body);
    if (!params.success) return memberNotFound(request, reply);
    if (!form.success) return reply.redirect(`${TEAM_URL}?fait=role-inchange`, 303);
    const { companyId, userId, userEmail } = who(request);
    const role = form.output.role;
    const outcome = await sql.transaction(async (tx) => {
      await lockTeam(tx, companyId);
      const member = await findMember(tx, companyId, params.output.id);
      if (!member) return 'introuvable';
      if (member.role === role) return 'role-inchange';
      if (member.role === 'administrateur' && (await countAdministrators(tx, companyId)) <= 1) return 'dernier-administrateur';
      await setRole(tx, companyId, member.id, role);
      await recordSettingChange(tx, {
        companyId,
        userId,
        userEmail,
        area: JOURNAL_AREA,
        summary: `Rôle de ${member.email}\u00a0: ${ROLE_LABELS[member.role].toLowerCase()} → ${ROLE_LABELS[role].toLowerCase()}`,
        before: { email: member.email, role: member.role },
        after: { email: member.email, role },
      });
      return 'role';
    });
    if (outcome === 'introuvable') return memberNotFound(request, reply);
    if (outcome === 'role' && params.output.id === userId && role !== 'administrateur')
      return reply.redirect(`${ACCOUNT_URL}?fait=plus-administrateur`, 303);
    return reply.redirect(`${TEAM_URL}?fait=${outcome}`, 303);
  });

  office.post('/equipe/:id/retirer', administratorForm, async (request, reply) => {
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) return memberNotFound(request, reply);
    const { companyId, userId, userEmail } = who(request);
    if (params.output.id === userId) return reply.redirect(`${TEAM_URL}?fait=retrait-propre`, 303);
    const outcome = await sql.transaction(async (tx) => {
      await lockTeam(tx, companyId);
      const member = await findMember(tx, companyId, params.output.id);
      if (!member) return 'introuvable';
      if (member.role === 'administrateur' && (await countAdministrators(tx, companyId)) <= 1) return 'dernier-administrateur';
      await removeMember(tx, companyId, member.id);
      await recordSettingChange(tx, {
        companyId,
        userId,
        userEmail,
        area: JOURNAL_AREA,
        summary: `${member.email} retiré de l’équipe (${ROLE_LABELS[member.role].toLowerCase()})`,
        before: { email: member.email, role: member.role },
        after: null,
      });
      return 'retire';
    });
    if (outcome === 'introuvable') return memberNotFound(request, reply);
    return reply.redirect(`${TEAM_URL}?fait=${outcome}`, 303);
  });
}

function accountRoutes(office: FastifyInstance, kit: TeamRoutesKit): void {
  const { sql, settings, signedIn, viewerOf, page, anyoneForm, who, sourceOf } = kit;
  // Mon compte.
  const accountPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    passwordError: { field: 'actuel' | 'nouveau'; text: string } | null = null,
    status = 200,
  ) => {
    const carrier = request.carrier!;
    return page(
      reply,
      renderAccountPage({
        viewer: viewerOf(request, reply),
        sessions: await openSessions(sql, carrier.userId, carrier.sessionHash, Date.now()),
        message: passwordError ? null : doneOf(request),
        passwordError,
      }),
      status,
    );
  };

  office.get('/compte', { preHandler: signedIn }, async (request, reply) => accountPage(request, reply));

  office.post('/compte/mot-de-passe', anyoneForm, async (request, reply) => {
    const form = v.safeParse(PasswordChangeForm, request.body);
    if (!form.success)
      return accountPage(request, reply, { field: 'actuel', text: 'saisissez votre mot de passe actuel et le nouveau, deux fois.' }, 422);
    const { companyId, userId, userEmail } = who(request);
    // The current password is guessed here as at the sign-in: the same counts slow it down.
    const keys = signInKeys(sha256(normalEmail(userEmail)), sourceOf(request));
    const now = Date.now();
    const gate = await signInGate(sql, keys, settings, now);
    if (gate.kind !== 'open') {
      void reply.header('retry-after', String(gate.seconds));
      return accountPage(
        request,
        reply,
        { field: 'actuel', text: `trop d’essais manqués, patientez ${gate.seconds}\u00a0s avant de réessayer.` },
        429,
      );
    }
    const counted = await recordFailure(sql, keys, settings, now);
    if (pastTheLock(counted, settings))
      return accountPage(request, reply, { field: 'actuel', text: 'trop d’essais manqués, réessayez plus tard.' }, 429);
    const user = await findUserByEmail(sql, userEmail);
    if (!(await verifyPassword(form.output.actuel, user?.password_hash ?? UNKNOWN_ACCOUNT_HASH)))
      return accountPage(request, reply, { field: 'actuel', text: 'le mot de passe actuel n’est pas le bon.' }, 422);
    await forgiveTry(sql, keys);
    const problem = passwordProblem(form.output.nouveau, form.output.confirmation);
    if (problem) return accountPage(request, reply, { field: 'nouveau', text: problem }, 422);
    const hash = await hashPassword(form.output.nouveau);
    await sql.transaction(async (tx) => {
      await setPasswordHash(tx, userId, hash);
      await endSessionsOf(tx, userId, request.carrier!.sessionHash);
      await recordSettingChange(tx, {
        companyId,
        userId,
        userEmail,
        area: JOURNAL_AREA,
        summary: `Mot de passe de ${userEmail} changé`,
        before: undefined,
        after: undefined,
      });
    });
    return reply.redirect(`${ACCOUNT_URL}?fait=mot-de-passe`, 303);
  });

  office.post('/compte/deconnexion-partout', anyoneForm, async (request, reply) => {
    await endSessionsOf(sql, request.carrier!.userId);
    void reply.clearCookie(SESSION_COOKIE, cookieOptions).clearCookie(CSRF_COOKIE, cookieOptions);
    return reply.redirect(`${BASE}/connexion?fin=partout`, 303);
  });
}

/** Mot de passe oublié: the request, and the link that sets a new password. */
function passwordResetRoutes(office: FastifyInstance, kit: TeamRoutesKit): void {
  const { sql, settings, notifier, page, signedOutForm, formToken, linkPage, companyName, resetKeys, openLink, linkProblem, tokenOf } = kit;
  // Mot de passe oublié: the same answer, in the same time, whatever the address.
  office.get('/mot-de-passe-oublie', async (request, reply) => page(reply, renderForgottenPage(formToken(request, reply))));

  office.post('/mot-de-passe-oublie', signedOutForm, async (request, reply) => {
    const form = v.safeParse(EmailForm, request.body);
    const email = form.success ? form.output.email.trim() : '';
    const again = (status: number, state: { error?: string; info?: string }) =>
      page(reply, renderForgottenPage(formToken(request, reply), { ...state, email: state.error ? email : '' }), status);
    if (!form.success || !EMAIL.test(email)) return again(400, { error: 'Saisissez l’adresse e-mail de votre compte.' });
    const keys = resetKeys(request, email);
    const now = Date.now();
    const gate = await signInGate(sql, keys, settings, now);
    const counted = gate.kind === 'open' ? await recordFailure(sql, keys, settings, now) : null;
    if (gate.kind !== 'open' || pastTheLock(counted!, settings)) {
      const seconds = gate.kind === 'open' ? Math.ceil(settings.lockMs / 1000) : gate.seconds;
      void reply.header('retry-after', String(seconds));
      return again(429, {
        error: `Trop de demandes pour cette adresse ou depuis ce réseau\u00a0: réessayez dans ${Math.max(1, Math.ceil(seconds / 60))}\u00a0min.`,
      });
    }
    // The link is made and sent after the answer: a known address is not told apart by a slower answer.
    setImmediate(() => {
      sendReset(email, now).catch((error: Error) =>
        request.log.error({ err: { message: error.message } }, 'mot de passe oublié : e-mail non envoyé'),
      );
    });
    return again(200, { info: RESET_ANSWER });
  });

  const sendReset = async (email: string, now: number) => {
    const user = await findUserByEmail(sql, email);
    const base = notifier.linkBase();
    if (!user) return;
    if (!base) throw new Error('PUBLIC_URL n’est pas réglé : le lien ne peut pas être écrit');
    const token = generateToken();
    await sql.transaction(async (tx) => {
      await retireResetLinks(tx, user.id, now);
      await createLink(tx, {
        kind: 'reinitialisation',
        tokenHash: hashToken(token),
        companyId: user.company_id,
        email: user.email,
        role: null,
        userId: user.id,
        invitedBy: null,
        now,
      });
    });
    const name = await companyName(user.company_id);
    const mail = resetMail({ companyName: name, link: `${base}${RESET_URL}?${new URLSearchParams({ jeton: token })}` });
    const outcome = await notifier.sendNow({ to: user.email, replyTo: null, ...mail }, name, `mot-de-passe-${user.id}-${now}`);
    if (outcome === null) throw new Error('les e-mails sont désactivés (ni SMTP_URL ni MAIL_DIR)');
    if (!outcome.ok) throw new Error(outcome.error ?? 'envoi refusé');
  };

  // A forgotten password's link.
  office.get('/nouveau-mot-de-passe', async (request, reply) => {
    const token = tokenOf(request);
    const opened = await openLink('reinitialisation', token, RESET_VALIDITY_MS);
    if (!opened.link) return linkProblem(reply, 'reinitialisation', opened.problem);
    return linkPage(reply, renderResetPage(formToken(request, reply), token, opened.link.email));
  });

  office.post('/nouveau-mot-de-passe', signedOutForm, async (request, reply) => {
    const form = v.safeParse(LinkForm, request.body);
    const token = form.success ? form.output.jeton : '';
    const opened = await openLink('reinitialisation', token, RESET_VALIDITY_MS);
    if (!opened.link) return linkProblem(reply, 'reinitialisation', opened.problem);
    const link = opened.link;
    const problem = passwordProblem(form.success ? form.output.nouveau : '', form.success ? form.output.confirmation : '');
    if (problem) return linkPage(reply, renderResetPage(formToken(request, reply), token, link.email, problem), 422);
    const hash = await hashPassword(form.success ? form.output.nouveau : '');
    const done = await sql.transaction(async (tx) => {
      if (!(await useLink(tx, link.id, Date.now()))) return false;
      await setPasswordHash(tx, link.user_id!, hash);
      await endSessionsOf(tx, link.user_id!);
      await recordSettingChange(tx, {
        companyId: link.company_id,
        userId: link.user_id,
        userEmail: link.email,
        area: JOURNAL_AREA,
        summary: `Mot de passe de ${link.email} remplacé par le lien «\u202fmot de passe oublié\u202f»`,
        before: undefined,
        after: undefined,
      });
      return true;
    });
    if (!done) return linkProblem(reply, 'reinitialisation', 'utilise');
    return reply.redirect(`${BASE}/connexion?fait=mot-de-passe`, 303);
  });
}

/** An invitation’s link: the new colleague chooses a password and joins the team. */
function invitationLinkRoutes(office: FastifyInstance, kit: TeamRoutesKit): void {
  const { sql, signedOutForm, formToken, linkPage, companyName, openLink, linkProblem, tokenOf } = kit;
  // An invitation's link.
  const alreadyHasAccount = (reply: FastifyReply) =>
    linkPage(
      reply,
      renderLinkProblem('Compte déjà créé', 'Cette adresse a déjà un compte\u00a0: connectez-vous avec son mot de passe.', {
        href: `${BASE}/connexion`,
        label: 'Aller à la connexion',
      }),
      409,
    );

  office.get('/invitation', async (request, reply) => {
    const token = tokenOf(request);
    const opened = await openLink('invitation', token, INVITATION_VALIDITY_MS);
    if (!opened.link) return linkProblem(reply, 'invitation', opened.problem);
    const link = opened.link;
    if (await findUserByEmail(sql, link.email)) return alreadyHasAccount(reply);
    const shown = { email: link.email, role: link.role ?? ('exploitant' as Role), companyName: await companyName(link.company_id) };
    return linkPage(reply, renderInvitationPage(formToken(request, reply), token, shown));
  });

  office.post('/invitation', signedOutForm, async (request, reply) => {
    const form = v.safeParse(LinkForm, request.body);
    const token = form.success ? form.output.jeton : '';
    const opened = await openLink('invitation', token, INVITATION_VALIDITY_MS);
    if (!opened.link) return linkProblem(reply, 'invitation', opened.problem);
    const link = opened.link;
    const role = link.role ?? 'exploitant';
    const problem = passwordProblem(form.success ? form.output.nouveau : '', form.success ? form.output.confirmation : '');
    if (problem) {
      const shown = { email: link.email, role, companyName: await companyName(link.company_id) };
      return linkPage(reply, renderInvitationPage(formToken(request, reply), token, shown, problem), 422);
    }
    const hash = await hashPassword(form.success ? form.output.nouveau : '');
    const outcome = await sql.transaction(async (tx) => {
      await lockTeam(tx, link.company_id);
      if (await findUserByEmail(tx, link.email)) return 'compte';
      if (!(await useLink(tx, link.id, Date.now()))) return 'utilise';
      const created = await createUser(tx, link.company_id, link.email, hash, new Date().toISOString());
      await setRole(tx, link.company_id, created, role);
      await recordSettingChange(tx, {
        companyId: link.company_id,
        userId: created,
        userEmail: link.email,
        area: JOURNAL_AREA,
        summary: `${link.email} a rejoint l’équipe comme ${ROLE_LABELS[role].toLowerCase()}${link.invited_by ? ` (invitation de ${link.invited_by})` : ''}`,
        before: undefined,
        after: { email: link.email, role },
      });
      return 'cree';
    });
    if (outcome === 'compte') return alreadyHasAccount(reply);
    if (outcome === 'utilise') return linkProblem(reply, 'invitation', 'utilise');
    return reply.redirect(`${BASE}/connexion?fait=compte`, 303);
  });
}
