import { BASE, csrfField, escapeHtml, frame, notice } from './layout.ts';

export interface SignInState {
  email?: string;
  error?: string | null;
  info?: string | null;
}

/**
 * The sign-in form; what was typed (the e-mail, never the password) stays after a refusal.
 * The e-mail field says autocomplete="email": HTML's autofill table allows it on type=email,
 * both HTML_CodeSniffer (H98) and IBM's checker accept it (they refuse "username" there), and
 * password managers take the e-mail-like field before a password as the sign-in name.
 */
export function renderSignInPage(csrf: string, { email = '', error = null, info = null }: SignInState = {}): string {
  const body = `
<div class="sign-in card">
<h1>Connexion</h1>
<p class="meta">Le suivi des réservations de votre entreprise. Connectez-vous avec votre adresse e-mail et votre mot de passe personnels.</p>
${error ? notice('error', error, 'erreur-connexion') : ''}${info ? notice('info', info) : ''}
<form method="post" action="${BASE}/connexion" class="stack">
${csrfField(csrf)}
<label for="email">Adresse e-mail</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(email)}"${error ? ' aria-describedby="erreur-connexion"' : ''}>
<label for="mot_de_passe">Mot de passe</label>
<input id="mot_de_passe" name="mot_de_passe" type="password" autocomplete="current-password" required maxlength="200">
<button type="submit" class="button primary">Se connecter</button>
</form>
<p><a href="${BASE}/mot-de-passe-oublie">Mot de passe oublié\u00a0?</a></p>
</div>`;
  return frame('Connexion', body, null);
}
