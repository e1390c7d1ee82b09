import { csrfField, escapeHtml, frame, notice, type Viewer } from '../layout.ts';
import { errorSummary } from './field-markup.ts';
import { SETTINGS_URL, type SettingsPage } from './pages.ts';
import { DEPOSIT_LABELS, type DepositTyped } from './deposit-settings-form.ts';
import { PERCENT_MAX, PERCENT_MIN } from '../../payments/deposit-settings.ts';

export const DEPOSIT_URL = `${SETTINGS_URL}/acompte`;

export interface DepositPageInput {
  viewer: Viewer;
  values: DepositTyped;
  errors: ReadonlyMap<string, string>;
  message: string | null;
  /** The address the carrier registers in its Stripe dashboard for the events. */
  webhookUrl: string;
}

const fieldError = (errors: ReadonlyMap<string, string>, name: string) =>
  errors.has(name) ? `<p class="field-error" id="champ-${name}-erreur">${escapeHtml(errors.get(name)!)}</p>` : '';

const radio = (name: string, value: string, checked: string, label: string, id?: string) =>
  `<label class="check"><input type="radio"${id ? ` id="${id}"` : ''} name="${name}" value="${value}"${checked === value ? ' checked' : ''}> ${label}</label>`;

/** Réglages, Acompte: none, a percentage of the total TTC or a fixed amount, and when it is due. */
export function renderDepositPage({ viewer, values, errors, message, webhookUrl }: DepositPageInput): string {
  const invalid = (name: string) =>
    errors.has(name)
      ? ` aria-invalid="true" aria-describedby="champ-${name}-aide champ-${name}-erreur"`
      : ` aria-describedby="champ-${name}-aide"`;
  const body = `<p><a href="${SETTINGS_URL}">Réglages</a></p>
<h1>Acompte</h1>
<p>Un acompte que vos clients règlent en ligne par carte bancaire, sur la page de paiement sécurisée de Stripe, depuis leur devis. Il est remboursé automatiquement si vous refusez la réservation. Le devis indique son montant dans ses modalités de paiement.</p>
${message ? notice('success', message) : ''}
${errorSummary(errors, DEPOSIT_LABELS)}
<form method="post" action="${DEPOSIT_URL}" class="card settings-form deposit-form" novalidate>
${csrfField(viewer.csrf)}
<fieldset class="choice" id="champ-acompte"${errors.has('acompte') ? ' aria-describedby="champ-acompte-erreur"' : ''}><legend>Acompte demandé</legend>
${radio('acompte', 'aucun', values.acompte, 'Aucun acompte (le devis n’en demande pas)')}
${radio('acompte', 'pourcentage', values.acompte, 'Un pourcentage du total TTC')}
${radio('acompte', 'montant', values.acompte, 'Un montant fixe')}
${fieldError(errors, 'acompte')}
</fieldset>
<div class="field kind-field" data-kinds="pourcentage">
<label for="champ-pourcentage">Pourcentage du total TTC</label>
<p class="meta" id="champ-pourcentage-aide">De ${PERCENT_MIN} à ${PERCENT_MAX}\u00a0%, en nombre entier. Souvent 30\u00a0%. Arrondi au centime.</p>
<input type="text" id="champ-pourcentage" name="pourcentage" inputmode="numeric" maxlength="3" value="${escapeHtml(values.pourcentage)}"${invalid('pourcentage')}>
${fieldError(errors, 'pourcentage')}
</div>
<div class="field kind-field" data-kinds="montant">
<label for="champ-montant">Montant fixe (€ TTC)</label>
<p class="meta" id="champ-montant-aide">Par exemple 300 ou 250,50. Jamais plus que le total du devis.</p>
<input type="text" id="champ-montant" name="montant" inputmode="decimal" maxlength="12" value="${escapeHtml(values.montant)}"${invalid('montant')}>
${fieldError(errors, 'montant')}
</div>
<fieldset class="choice kind-field" data-kinds="pourcentage montant" id="champ-echeance"${errors.has('echeance') ? ' aria-describedby="champ-echeance-erreur"' : ''}><legend>Quand le client le règle</legend>
${radio('echeance', 'devis', values.echeance, 'Dès qu’il a accepté le devis («\u00a0Bon pour accord\u00a0»)')}
${radio('echeance', 'reservation', values.echeance, 'Une fois que vous avez accepté la réservation')}
${fieldError(errors, 'echeance')}
</fieldset>
<button type="submit" class="button primary">Enregistrer</button>
</form>
<section class="card" aria-labelledby="titre-stripe">
<h2 id="titre-stripe">Chez Stripe</h2>
<p>Dans votre tableau de bord Stripe (Développeurs, Webhooks), ajoutez ce point de terminaison pour l’événement <code>checkout.session.completed</code>\u00a0: c’est lui, et lui seul, qui marque une réservation «\u00a0Acompte payé\u00a0».</p>
<p><code class="wrap">${escapeHtml(webhookUrl)}</code></p>
</section>`;
  return frame(errors.size > 0 ? 'Acompte (à corriger)' : 'Acompte', body, viewer, 'reglages');
}

/** The Réglages' index with Acompte after Options, when deposits are on. */
export function withDepositPage(pages: readonly SettingsPage[]): SettingsPage[] {
  const entry: SettingsPage = {
    path: 'acompte',
    title: 'Acompte',
    description: 'Un acompte réglé en ligne par carte (Stripe)\u00a0: aucun, un pourcentage du total ou un montant, et quand il est dû.',
  };
  const at = pages.findIndex((page) => page.path === 'options');
  return at < 0 ? [...pages, entry] : [...pages.slice(0, at + 1), entry, ...pages.slice(at + 1)];
}
