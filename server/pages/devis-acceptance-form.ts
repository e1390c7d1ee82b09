import { when } from './dashboard-page.ts';
import { html, type SafeHtml } from './html.ts';

/** An acceptance as the devis shows it. */
export interface ShownAcceptance {
  acceptedAt: string;
  signerName: string;
  devisHash: string;
}

/** What was typed, and what was wrong with it, when a form comes back refused. */
export interface AcceptanceForm {
  name: string;
  terms: boolean;
  value: boolean;
  errors: { field: 'nom' | 'cgv' | 'valeur' | 'form'; message: string }[];
}

/**
 * The 'Bon pour accord' part of a devis: the form (with the token that opened the page and the
 * hash of the devis shown, so the server records the version read), the acceptance that still
 * matches, an earlier acceptance of another version above a new form, or why it cannot be accepted.
 */
export type AcceptanceView =
  | { kind: 'open'; action: string; token: string; devisHash: string; earlier: ShownAcceptance | null; form?: AcceptanceForm }
  | { kind: 'accepted'; acceptance: ShownAcceptance }
  | { kind: 'closed'; text: string; refresh?: { action: string; token: string } | null };

export const TERMS_LABEL = 'J’ai lu et j’accepte les conditions générales de vente du transporteur.';
export const VALUE_LABEL =
  'J’ai pris connaissance de la déclaration de valeur\u00a0: la valeur du mobilier que je déclare au déménageur fixe le plafond de son indemnisation en cas de perte ou d’avarie.';

/** 'Accepté le lundi 23 novembre 2026 à 14 h 30 par Jeanne Martin.' */
export const acceptedSentence = (acceptance: ShownAcceptance) => `Accepté le ${when(acceptance.acceptedAt)} par ${acceptance.signerName}.`;

function errorOf(form: AcceptanceForm | undefined, field: AcceptanceForm['errors'][number]['field']): string | null {
  return form?.errors.find((error) => error.field === field)?.message ?? null;
}

function checkbox(name: 'cgv' | 'valeur', label: string, checked: boolean, error: string | null): SafeHtml {
  const described = error ? html` aria-invalid="true" aria-describedby="erreur-${name}"` : '';
  return html`<div class="check">
  <input type="checkbox" id="accord-${name}" name="${name}" value="oui" required${checked ? html` checked` : ''}${described}>
  <label for="accord-${name}">${label}</label>
  ${error ? html`<p class="field-error" id="erreur-${name}">${error}</p>` : ''}
</div>`;
}

function openForm(view: Extract<AcceptanceView, { kind: 'open' }>): SafeHtml {
  const { form } = view;
  const nameError = errorOf(form, 'nom');
  const formError = errorOf(form, 'form');
  const summary = form?.errors.length
    ? html`<div class="form-errors" role="alert"><p><strong>Le devis n’est pas encore accepté\u00a0:</strong></p><ul>${form.errors.map(
        (error) => html`<li>${error.message}</li>`,
      )}</ul></div>`
    : '';
  const earlier = view.earlier
    ? html`<p class="earlier" role="status">Un accord a été donné le ${when(view.earlier.acceptedAt)} par ${view.earlier.signerName} sur une version antérieure de ce devis. La réservation a changé depuis\u00a0: relisez ce devis et donnez à nouveau votre accord.</p>`
    : '';
  return html`<section class="acceptance" aria-labelledby="accord-titre"><h2 id="accord-titre">Bon pour accord</h2>
${earlier}<p>Pour accepter ce devis, indiquez votre nom et cochez les deux cases. Votre accord est enregistré avec sa date, l’adresse de votre connexion, votre navigateur et l’empreinte du devis tel qu’il s’affiche ci-dessus.</p>
${summary}${formError && !summary ? html`<p class="field-error">${formError}</p>` : ''}
<form method="post" action="${view.action}">
  <input type="hidden" name="token" value="${view.token}">
  <input type="hidden" name="empreinte" value="${view.devisHash}">
  <div class="field">
    <label for="accord-nom">Vos prénom et nom</label>
    <input type="text" id="accord-nom" name="nom" autocomplete="name" maxlength="120" required value="${form?.name ?? ''}"${nameError ? html` aria-invalid="true" aria-describedby="erreur-nom"` : ''}>
    ${nameError ? html`<p class="field-error" id="erreur-nom">${nameError}</p>` : ''}
  </div>
  ${checkbox('cgv', TERMS_LABEL, form?.terms ?? false, errorOf(form, 'cgv'))}
  ${checkbox('valeur', VALUE_LABEL, form?.value ?? false, errorOf(form, 'valeur'))}
  <button type="submit">Bon pour accord</button>
</form></section>`;
}

export function renderAcceptance(view: AcceptanceView): SafeHtml {
  if (view.kind === 'open') return openForm(view);
  if (view.kind === 'closed')
    return html`<section class="acceptance" aria-labelledby="accord-titre"><h2 id="accord-titre">Bon pour accord</h2><p>${view.text}</p>${
      view.refresh
        ? html`<form method="post" action="${view.refresh.action}"><input type="hidden" name="token" value="${view.refresh.token}"><button type="submit" class="button primary">Obtenir un devis à jour</button></form>`
        : ''
    }</section>`;
  const { acceptance } = view;
  return html`<section class="acceptance accepted" aria-labelledby="accord-titre"><h2 id="accord-titre">Bon pour accord</h2>
<p class="accepted-line"><strong>${acceptedSentence(acceptance)}</strong></p>
<details class="meta"><summary>Empreinte du devis accepté, pour l’archive</summary><p>SHA-256\u00a0: <span class="hash">${acceptance.devisHash}</span></p></details></section>`;
}
