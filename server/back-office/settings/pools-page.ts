import { isPublicPool, PUBLIC_POOL_ID, type DriverPool } from 'transport-quote-wizard/domain';
import { csrfField, escapeHtml, frame, notice, type Viewer } from '../layout.ts';
import { describedBy, errorSummary, fieldError, input, type FieldError, type FormValues } from './form-fields.ts';
import { SETTINGS_URL } from './pages.ts';

export const POOLS_URL = `${SETTINGS_URL}/grilles`;

/** What a grid's form shows: its fields as typed, or as saved. */
export function poolValues(pool: DriverPool): FormValues {
  return {
    nom: pool.name,
    defaut: pool.default ? 'on' : '',
    mode: pool.mode,
    calcule: pool.apply_to === 'apply_to_travels' ? 'on' : '',
    consignes: pool.default_notes ?? '',
    code: pool.compute_price_func_body ?? '',
  };
}

/** The part of a grid's URL that names it ('public', '2'). */
export const poolKey = (pool: Pick<DriverPool, 'id'>) => encodeURIComponent(String(pool.id));

function textarea(
  prefix: string,
  name: string,
  label: string,
  values: FormValues,
  errors: readonly FieldError[],
  help: string,
  code = false,
): string {
  const field = `${prefix}${name}`;
  return `<div class="field"><label for="f-${field}">${escapeHtml(label)}</label><textarea id="f-${field}" name="${name}" rows="${code ? 10 : 3}"${code ? ' class="code" spellcheck="false" autocapitalize="off"' : ''}${describedBy(field, errors, true)}>${escapeHtml(values[name] ?? '')}</textarea><p class="help" id="h-${field}">${help}</p>${fieldError(field, errors)}</div>`;
}

/**
 * One grid's form. Field ids carry the grid's key (several forms on one page), the names do
 * not (each form posts its own). The public grid is the tariff itself: no code there.
 */
function poolForm(
  viewer: Viewer,
  action: string,
  prefix: string,
  values: FormValues,
  errors: readonly FieldError[],
  isPublic: boolean,
  submit: string,
): string {
  const field = (name: string, label: string, help?: string) =>
    input({ name, prefix, label, values, errors, kind: 'text', ...(help ? { help } : {}) });
  const driving = (values.mode ?? 'driving') !== 'bicycling';
  const pricing = isPublic
    ? `<p class="meta">La grille publique est votre tarif (page Tarifs)\u00a0: elle n’a pas de code.</p>`
    : `<label class="check" for="f-${prefix}calcule"><input type="checkbox" id="f-${prefix}calcule" name="calcule"${values.calcule === 'on' ? ' checked' : ''}> Calculer le prix des réservations avec le code de cette grille</label>
${textarea(prefix, 'code', 'Code de calcul (facultatif)', values, errors, 'Le corps d’une fonction JavaScript qui reçoit <code>input</code> (km, heures, volume, étages…) et renvoie <code>{ transportation, handling }</code> en euros HT. Il est essayé sur le trajet d’exemple avant d’être enregistré.', true)}`;
  return `<form method="post" action="${action}" class="stack pool-form" novalidate>
${csrfField(viewer.csrf)}
${field('nom', 'Nom de la grille', 'Ce que vos clients voient dans «\u202fChoix Grille\u202f».')}
<label class="check" for="f-${prefix}defaut"><input type="checkbox" id="f-${prefix}defaut" name="defaut"${values.defaut === 'on' ? ' checked' : ''}> Grille proposée d’office aux nouvelles réservations</label>
<div class="field"><label for="f-${prefix}mode">Trajet calculé</label><select id="f-${prefix}mode" name="mode"><option value="driving"${driving ? ' selected' : ''}>En véhicule (par la route)</option><option value="bicycling"${driving ? '' : ' selected'}>À vélo</option></select></div>
${textarea(prefix, 'consignes', 'Consignes par défaut', values, errors, 'Ajoutées aux notes de la réservation quand le client choisit cette grille.')}
${pricing}
<button type="submit" class="button primary">${escapeHtml(submit)}</button>
</form>`;
}

export interface PoolsPageInput {
  viewer: Viewer;
  pools: DriverPool[];
  message: { kind: 'success' | 'error' | 'info'; text: string } | null;
  /** The grid whose form was refused ('new' for the new one), with what was typed. */
  refused?: { key: string; values: FormValues; errors: FieldError[] };
}

export function renderPoolsPage({ viewer, pools, message, refused }: PoolsPageInput): string {
  const cards = pools
    .map((pool) => {
      const key = poolKey(pool);
      const mine = refused?.key === key ? refused : null;
      const prefix = `g${key.replace(/[^\w-]/g, '')}-`;
      const badges = [
        pool.default ? '<span class="badge state-accepted">Proposée d’office</span>' : '',
        pool.apply_to === 'apply_to_travels' ? '<span class="badge info">Prix calculé par code</span>' : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `<section class="card pool" aria-labelledby="grille-${escapeHtml(key)}"><h2 id="grille-${escapeHtml(key)}">${escapeHtml(pool.name || 'Grille sans nom')}</h2>${badges ? `<p>${badges}</p>` : ''}
<details${mine ? ' open' : ''}><summary>Modifier la grille<span class="visually-hidden"> ${escapeHtml(pool.name)}</span></summary>
${poolForm(viewer, `${POOLS_URL}/${key}`, prefix, mine?.values ?? poolValues(pool), mine?.errors ?? [], isPublicPool(pool), 'Enregistrer la grille')}
</details></section>`;
    })
    .join('');
  const adding = refused?.key === 'new' ? refused : null;
  const body = `<p><a href="${SETTINGS_URL}">Réglages</a></p><h1>Grilles tarifaires</h1>
<p>Une grille propose à vos clients un autre prix que votre tarif, au choix dans «\u202fChoix Grille\u202f»\u00a0: ses consignes s’ajoutent à la réservation et, si vous le souhaitez, un code calcule son prix.</p>
${message ? notice(message.kind, message.text) : ''}
${refused ? errorSummary(refused.key === 'new' ? 'La grille n’a pas été ajoutée\u00a0: corrigez les champs signalés. Vos saisies sont gardées.' : 'La grille n’a pas été enregistrée\u00a0: corrigez les champs signalés. Vos saisies sont gardées.', refused.errors) : ''}
${pools.length === 0 ? '<p class="meta">Aucune grille pour le moment\u00a0: vos clients ont votre tarif.</p>' : cards}
<section class="card" aria-labelledby="nouvelle-grille"><h2 id="nouvelle-grille">Ajouter une grille</h2>
${poolForm(viewer, POOLS_URL, 'nouvelle-', adding?.values ?? { mode: 'driving' }, adding?.errors ?? [], false, 'Ajouter la grille')}
</section>`;
  return frame('Grilles tarifaires', body, viewer, 'reglages');
}

export { PUBLIC_POOL_ID };
