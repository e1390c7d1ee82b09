import { OPTION_KIND_LABELS, OPTION_KINDS, optionTerms, type CarrierOption } from 'transport-quote-wizard/domain';
import { csrfField, escapeHtml, frame, notice, type Viewer } from '../layout.ts';
import { errorSummary, frenchNumber, input, type FieldError, type FormValues } from './form-fields.ts';
import { SETTINGS_URL } from './pages.ts';

export const OPTIONS_URL = `${SETTINGS_URL}/options`;

/** What an option's form shows: its fields as saved. */
export function optionValues(option: CarrierOption): FormValues {
  return {
    libelle: option.label,
    type: option.kind,
    prix: frenchNumber(option.price_ht),
    pourcent: frenchNumber(option.percent),
    max: String(option.max_quantity),
    min_valeur: frenchNumber(option.min_value),
    max_valeur: frenchNumber(option.max_value),
  };
}

/** The fields of one option. Ids carry the form's prefix (several forms on one page), the names do not. */
function optionForm(
  viewer: Viewer,
  action: string,
  prefix: string,
  values: FormValues,
  errors: readonly FieldError[],
  submit: string,
): string {
  const field = (name: string, label: string, unit: string, help: string, kind: 'decimal' | 'numeric' | 'text' = 'decimal') =>
    input({ name, prefix, label, values, errors, unit, help, kind, ...(kind === 'text' ? {} : { size: 10 }) });
  // Each field says which kinds of price use it: the page's style shows only those of the kind
  // chosen in the select (no script), and the server reads only those (options-routes.ts).
  const ofKinds = (kinds: string, markup: string) => `<div class="kind-field" data-kinds="${kinds}">${markup}</div>`;
  const kind = values.type ?? 'forfait';
  const kinds = OPTION_KINDS.map(
    (candidate) =>
      `<option value="${candidate}"${candidate === kind ? ' selected' : ''}>${escapeHtml(OPTION_KIND_LABELS[candidate])}</option>`,
  ).join('');
  return `<form method="post" action="${action}" class="stack option-form" novalidate>
${csrfField(viewer.csrf)}
${input({ name: 'libelle', prefix, label: 'Libellé', values, errors, kind: 'text', help: 'Ce que voit le client, par exemple «\u202fEmballage des objets fragiles\u202f».' })}
<div class="field"><label for="f-${prefix}type">Prix compté</label><select id="f-${prefix}type" name="type">${kinds}</select></div>
${ofKinds('forfait unite piece', field('prix', 'Prix HT', '€ HT', 'Par déménagement, par unité ou par objet de l’inventaire (TVA de votre tarif en plus).'))}
${ofKinds('unite', field('max', 'Quantité maximale', 'unités', 'Pour un prix par unité (des cartons, par exemple)\u00a0: le plus que le client peut demander.', 'numeric'))}
${ofKinds('pourcentage', field('pourcent', 'Pourcentage', '%', 'La part de la valeur déclarée par le client (0,5 pour une assurance ad valorem courante).'))}
${ofKinds('pourcentage', field('min_valeur', 'Valeur déclarée minimale', '€', 'La plus petite valeur que le client peut déclarer.'))}
${ofKinds('pourcentage', field('max_valeur', 'Valeur déclarée maximale', '€', 'La plus grande valeur que vous assurez.'))}
<button type="submit" class="button primary">${escapeHtml(submit)}</button>
</form>`;
}

export interface OptionsPageInput {
  viewer: Viewer;
  options: readonly CarrierOption[];
  message: { kind: 'success' | 'error' | 'info'; text: string } | null;
  /** The option whose form was refused ('new' for the new one), with what was typed. */
  refused?: { key: string; values: FormValues; errors: FieldError[] };
}

/**
 * Options: what the carrier prices beyond transport and handling (packing, dismantling, a
 * furniture lift, a parking permit, boxes, ad valorem insurance), chosen by its customers on the
 * estimate and priced by its quotes; each one added, changed or removed with a journal line.
 */
export function renderOptionsPage({ viewer, options, message, refused }: OptionsPageInput): string {
  const cards = options
    .map((option) => {
      const mine = refused?.key === option.id ? refused : null;
      const prefix = `o${option.id}-`;
      return `<section class="card option" aria-labelledby="option-${option.id}"><h2 id="option-${option.id}">${escapeHtml(option.label)}</h2>
<p class="meta">${escapeHtml(optionTerms(option))}</p>
<details${mine ? ' open' : ''}><summary>Modifier l’option<span class="visually-hidden"> ${escapeHtml(option.label)}</span></summary>
${optionForm(viewer, `${OPTIONS_URL}/${option.id}`, prefix, mine?.values ?? optionValues(option), mine?.errors ?? [], 'Enregistrer l’option')}
</details>
<form method="post" action="${OPTIONS_URL}/${option.id}/retirer">${csrfField(viewer.csrf)}<button type="submit" class="button">Retirer l’option<span class="visually-hidden"> ${escapeHtml(option.label)}</span></button></form>
</section>`;
    })
    .join('');
  const adding = refused?.key === 'new' ? refused : null;
  const body = `<p><a href="${SETTINGS_URL}">Réglages</a></p><h1>Options</h1>
<p>Ce que vous proposez en plus du transport et de la manutention (emballage, démontage, monte-meubles, autorisation de stationnement, cartons, assurance ad valorem)\u00a0: vos clients les choisissent sur l’estimation, le devis les chiffre ligne par ligne, et l’estimation dit ce que le prix ne comprend pas.</p>
${message ? notice(message.kind, message.text) : ''}
${refused ? errorSummary(refused.key === 'new' ? 'L’option n’a pas été ajoutée\u00a0: corrigez les champs signalés. Vos saisies sont gardées.' : 'L’option n’a pas été enregistrée\u00a0: corrigez les champs signalés. Vos saisies sont gardées.', refused.errors) : ''}
${options.length === 0 ? '<p class="meta">Aucune option pour le moment\u00a0: vos clients voient le transport et la manutention seuls.</p>' : cards}
<section class="card" aria-labelledby="nouvelle-option"><h2 id="nouvelle-option">Ajouter une option</h2>
${optionForm(viewer, OPTIONS_URL, 'nouvelle-', adding?.values ?? { type: 'forfait', max: '100', min_valeur: '0', max_valeur: '100000', pourcent: '0', prix: '' }, adding?.errors ?? [], 'Ajouter l’option')}
</section>`;
  return frame('Options', body, viewer, 'reglages');
}
