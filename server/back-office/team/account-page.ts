import type { OpenSession } from '../../db/team-repo.ts';
import { csrfField, escapeHtml, frame, notice, shortDateTime, type Viewer } from '../layout.ts';
import { MIN_PASSWORD_LENGTH } from '../../security/passwords.ts';
import { browserName } from './browser-name.ts';
import { ACCOUNT_URL, PASSWORD_MAX, ROLE_LABELS } from './links.ts';

export interface AccountPageInput {
  viewer: Viewer;
  sessions: readonly OpenSession[];
  message: { kind: 'success' | 'error' | 'info'; text: string } | null;
  /** The password form's refusal, tied to the field it is about. */
  passwordError?: { field: 'actuel' | 'nouveau'; text: string } | null;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The two fields of a new password, as the account page, the invitation and the reset ask for them. */
export function newPasswordFields(error: string | null): string {
  const described = `aide-mot-de-passe${error ? ' erreur-mot-de-passe' : ''}`;
  const invalid = error ? ' aria-invalid="true"' : '';
  return `<label for="nouveau">Nouveau mot de passe</label>
<p class="meta" id="aide-mot-de-passe">Au moins ${MIN_PASSWORD_LENGTH} caractères. Une phrase de quelques mots est facile à retenir et difficile à deviner.</p>
<input id="nouveau" name="nouveau" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="${PASSWORD_MAX}" aria-describedby="${described}"${invalid}>
<label for="confirmation">Le même, à nouveau</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required maxlength="${PASSWORD_MAX}" aria-describedby="${described}"${invalid}>
${error ? `<p class="field-error" id="erreur-mot-de-passe">${escapeHtml(error)}</p>` : ''}`;
}

/** Mon compte: one's password, and the sessions open with it (ended all at once). */
export function renderAccountPage({ viewer, sessions, message, passwordError = null }: AccountPageInput): string {
  const rows = sessions
    .map(
      (session) => `<tr>
<td data-label="Ouverte"><div class="cell">${escapeHtml(shortDateTime(new Date(session.created_at).toISOString()))}</div></td>
<td data-label="Navigateur"><div class="cell">${escapeHtml(browserName(session.user_agent))}${session.current ? ' <span class="badge info">Cette session</span>' : ''}</div></td>
</tr>`,
    )
    .join('');
  const body = `<h1>Mon compte</h1>
<p>${escapeHtml(viewer.email)} · ${ROLE_LABELS[viewer.role]}</p>
${message ? notice(message.kind, message.text) : ''}
<section class="card account" aria-labelledby="mot-de-passe">
<h2 id="mot-de-passe">Changer de mot de passe</h2>
<p class="meta">Vos autres sessions prennent fin\u00a0; celle-ci reste ouverte.</p>
${passwordError ? notice('error', `Le mot de passe n’a pas été changé\u00a0: ${lowerFirst(passwordError.text)}`, 'refus-mot-de-passe') : ''}
<form method="post" action="${ACCOUNT_URL}/mot-de-passe" class="stack" novalidate>
${csrfField(viewer.csrf)}
<input type="text" name="identifiant" autocomplete="username" value="${escapeHtml(viewer.email)}" hidden>
<label for="actuel">Mot de passe actuel</label>
<input id="actuel" name="actuel" type="password" autocomplete="current-password" required maxlength="${PASSWORD_MAX}"${passwordError?.field === 'actuel' ? ' aria-invalid="true" aria-describedby="refus-mot-de-passe"' : ''}>
${newPasswordFields(passwordError?.field === 'nouveau' ? passwordError.text : null)}
<button type="submit" class="button primary">Changer le mot de passe</button>
</form>
</section>
<section class="card account" aria-labelledby="sessions">
<h2 id="sessions">Sessions ouvertes</h2>
<p class="meta">Chaque connexion ouvre une session, sur l’appareil où elle a été faite.</p>
<table class="bookings"><caption class="visually-hidden">Vos sessions ouvertes, de la plus récente à la plus ancienne</caption>
<thead><tr><th scope="col">Ouverte le</th><th scope="col">Navigateur</th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="${ACCOUNT_URL}/deconnexion-partout" class="form-actions">${csrfField(viewer.csrf)}<button type="submit" class="button secondary">Se déconnecter partout</button></form>
<p class="meta">Ferme toutes vos sessions, celle-ci comprise\u00a0: sur un appareil perdu ou partagé, personne ne reste connecté à votre place.</p>
</section>`;
  return frame('Mon compte', body, viewer, 'compte');
}
