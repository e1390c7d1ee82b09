import type { Role } from '../../db/accounts-repo.ts';
import { BASE, csrfField, escapeHtml, frame, notice } from '../layout.ts';
import { newPasswordFields } from './account-page.ts';
import { FORGOTTEN_URL, INVITATION_URL, RESET_URL, ROLE_HELP, ROLE_LABELS } from './links.ts';

/** What the forgotten password's form says after any address: the same whether it has an account or not. */
export const RESET_ANSWER =
  'Si un compte existe pour cette adresse, un e-mail vient de lui être envoyé avec un lien valable une heure. Pensez à regarder dans les indésirables.';

/** 'Mot de passe oublié': the address, and the same answer for every address. */
export function renderForgottenPage(csrf: string, state: { email?: string; error?: string | null; info?: string | null } = {}): string {
  const { email = '', error = null, info = null } = state;
  const body = `<div class="sign-in card">
<h1>Mot de passe oublié</h1>
<p class="meta">Indiquez l’adresse e-mail de votre compte\u00a0: vous recevrez un lien pour choisir un nouveau mot de passe.</p>
${error ? notice('error', error, 'erreur-oubli') : ''}${info ? notice('success', info) : ''}
<form method="post" action="${FORGOTTEN_URL}" class="stack">
${csrfField(csrf)}
<label for="email">Adresse e-mail</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(email)}"${error ? ' aria-describedby="erreur-oubli"' : ''}>
<button type="submit" class="button primary">Recevoir le lien</button>
</form>
<p><a href="${BASE}/connexion">Retour à la connexion</a></p>
</div>`;
  return frame('Mot de passe oublié', body, null);
}

/** A link that opens nothing (unknown, used, expired): what happened, and what to do. */
export function renderLinkProblem(title: string, text: string, next: { href: string; label: string }): string {
  return frame(
    title,
    `<div class="sign-in card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${next.href}">${escapeHtml(next.label)}</a></p></div>`,
    null,
  );
}

/** The forgotten password's link opened: the new password, twice. */
export function renderResetPage(csrf: string, token: string, email: string, error: string | null = null): string {
  const body = `<div class="sign-in card">
<h1>Nouveau mot de passe</h1>
<p class="meta">Pour ${escapeHtml(email)}. Vos sessions ouvertes prendront fin\u00a0; vous vous connecterez ensuite avec ce mot de passe.</p>
${error ? notice('error', 'Le mot de passe n’a pas été changé\u00a0: corrigez-le ci-dessous.') : ''}
<form method="post" action="${RESET_URL}" class="stack" novalidate>
${csrfField(csrf)}
<input type="hidden" name="jeton" value="${escapeHtml(token)}">
<input type="text" name="identifiant" autocomplete="username" value="${escapeHtml(email)}" hidden>
${newPasswordFields(error)}
<button type="submit" class="button primary">Enregistrer le mot de passe</button>
</form>
</div>`;
  return frame('Nouveau mot de passe', body, null);
}

/** An invitation opened: who invites, for which role, and the password the colleague chooses. */
export function renderInvitationPage(
  csrf: string,
  token: string,
  invitation: { email: string; role: Role; companyName: string },
  error: string | null = null,
): string {
  const body = `<div class="sign-in card">
<h1>Rejoindre ${escapeHtml(invitation.companyName)}</h1>
<p>Vous êtes invité dans l’espace transporteur de ${escapeHtml(invitation.companyName)} comme ${ROLE_LABELS[invitation.role].toLowerCase()} (${escapeHtml(ROLE_HELP[invitation.role])}). Votre identifiant sera ${escapeHtml(invitation.email)}.</p>
${error ? notice('error', 'Votre compte n’a pas été créé\u00a0: corrigez le mot de passe ci-dessous.') : ''}
<form method="post" action="${INVITATION_URL}" class="stack" novalidate>
${csrfField(csrf)}
<input type="hidden" name="jeton" value="${escapeHtml(token)}">
<input type="text" name="identifiant" autocomplete="username" value="${escapeHtml(invitation.email)}" hidden>
${newPasswordFields(error)}
<button type="submit" class="button primary">Créer mon compte</button>
</form>
</div>`;
  return frame(`Rejoindre ${invitation.companyName}`, body, null);
}
