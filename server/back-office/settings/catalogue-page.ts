import type { CatalogueItem } from '../../db/items-repo.ts';
import { csrfField, escapeHtml, frame, notice, type Viewer } from '../layout.ts';
import { checkbox, errorSummary, input, spokenNumber, type FieldError, type FormValues } from './form-fields.ts';
import { SETTINGS_URL } from './pages.ts';
import { presetsSection, type PresetSummary } from './presets-page.ts';

export const CATALOGUE_URL = `${SETTINGS_URL}/catalogue`;
/** Chips beyond this crowd the loading step on a phone. */
export const PREFERRED_MAX = 20;

/** The fields of an own object's form (ids prefixed: the add form and an edit page post the same names). */
export function ownItemForm(values: FormValues, errors: readonly FieldError[]): string {
  const field = (
    name: string,
    label: string,
    options: { unit?: string; help?: string; kind?: 'decimal' | 'numeric' | 'text'; size?: number } = {},
  ) => input({ name, label, values, errors, ...options });
  return `<div class="grid">
${field('nom', 'Nom de l’objet', { kind: 'text', help: 'Tel que vos clients le cherchent, par exemple «\u202fPiano à queue\u202f».' })}
${field('famille', 'Famille (facultative)', { kind: 'text', help: 'Salon, Bureau, Divers… Vide\u00a0: Divers.' })}
${field('volume', 'Volume', { unit: 'm³', size: 8, help: 'Protection comprise\u202f; vide\u00a0: tiré des dimensions.' })}
${field('longueur', 'Longueur (facultative)', { unit: 'cm', size: 8 })}
${field('largeur', 'Largeur (facultative)', { unit: 'cm', size: 8 })}
${field('hauteur', 'Hauteur (facultative)', { unit: 'cm', size: 8 })}
${field('poids', 'Poids', { unit: 'kg', size: 8 })}
${field('porteurs', 'Manutentionnaires', { kind: 'numeric', size: 4, help: 'Combien de personnes le portent.' })}
${field('temps', 'Temps de manutention', { unit: 'h par objet', size: 6, help: 'De plain-pied\u202f; les étages l’allongent.' })}
${field('camion', 'Véhicule minimal (facultatif)', { unit: 'm³', size: 6, help: 'Le plus petit véhicule qui le prend\u202f; vide\u00a0: tout véhicule.' })}
</div>
${checkbox('ascenseur', 'Tient dans un ascenseur', values)}`;
}

const figures = (item: CatalogueItem) =>
  `${spokenNumber(item.volume)}\u00a0m³, ${spokenNumber(item.weight)}\u00a0kg, ${item.persons_needed}\u00a0manutentionnaire${item.persons_needed > 1 ? 's' : ''}, ${spokenNumber(item.time_factor)}\u00a0h${item.elevator ? ', tient dans un ascenseur' : ''}${item.minimal_truck_capacity > 0 ? `, véhicule de ${spokenNumber(item.minimal_truck_capacity)}\u00a0m³ au moins` : ''}`;

export interface CataloguePageInput {
  viewer: Viewer;
  preferred: CatalogueItem[];
  own: CatalogueItem[];
  /** Every name the chips may take: the shared catalogue's and the carrier's own. */
  names: string[];
  /** The preset inventories, each with its volume and whose it is (presets-page.ts). */
  presets: PresetSummary[];
  message: { kind: 'success' | 'error' | 'info'; text: string } | null;
  refusedItem?: { values: FormValues; errors: FieldError[] };
  refusedChip?: { value: string; error: string };
}

function chipControls(viewer: Viewer, item: CatalogueItem, index: number, count: number): string {
  const button = (action: string, label: string, disabled: boolean) =>
    disabled
      ? ''
      : `<form method="post" action="${CATALOGUE_URL}/preferes/${item.id}/${action}">${csrfField(viewer.csrf)}<button type="submit" class="button secondary">${label}<span class="visually-hidden"> ${escapeHtml(item.name)}</span></button></form>`;
  return `<div class="form-actions">${button('monter', 'Monter', index === 0)}${button('descendre', 'Descendre', index === count - 1)}${button('retirer', 'Retirer', false)}</div>`;
}

export function renderCataloguePage({
  viewer,
  preferred,
  own,
  names,
  presets,
  message,
  refusedItem,
  refusedChip,
}: CataloguePageInput): string {
  const chips =
    preferred.length === 0
      ? '<p class="meta">Aucun objet préféré\u00a0: le formulaire n’en propose pas d’un clic.</p>'
      : `<ol class="preferred">${preferred
          .map(
            (item, index) =>
              `<li><span class="chip-name">${index + 1}.\u00a0${escapeHtml(item.name)}${item.company_id !== null ? ' <span class="badge info">Votre objet</span>' : ''}</span>${chipControls(viewer, item, index, preferred.length)}</li>`,
          )
          .join('')}</ol>`;
  const chipError = refusedChip ? `<p class="field-error" id="e-chip">${escapeHtml(refusedChip.error)}</p>` : '';
  const addChip =
    preferred.length >= PREFERRED_MAX
      ? `<p class="meta">${PREFERRED_MAX} objets préférés au plus\u00a0: retirez-en un pour en ajouter un autre.</p>`
      : `<form method="post" action="${CATALOGUE_URL}/preferes#preferes" class="filters">${csrfField(viewer.csrf)}<div class="field"><label for="f-chip">Ajouter un objet préféré</label><input id="f-chip" name="nom" type="text" list="noms-objets" autocomplete="off" value="${escapeHtml(refusedChip?.value ?? '')}" aria-describedby="h-chip${refusedChip ? ' e-chip' : ''}"${refusedChip ? ' aria-invalid="true"' : ''}><p class="help" id="h-chip">Le nom d’un objet du catalogue ou de l’un des vôtres\u202f; il s’ajoute en dernier.</p>${chipError}</div><div class="actions"><button type="submit" class="button primary">Ajouter</button></div></form>
<datalist id="noms-objets">${names.map((name) => `<option value="${escapeHtml(name)}"></option>`).join('')}</datalist>`;
  const ownRows = own
    .map(
      (item) =>
        `<tr><td data-label="Objet"><div class="cell"><a href="${CATALOGUE_URL}/objets/${item.id}">${escapeHtml(item.name)}</a></div></td><td data-label="Caractéristiques"><div class="cell">${escapeHtml(figures(item))}</div></td></tr>`,
    )
    .join('');
  const ownList =
    own.length === 0
      ? '<p class="meta">Aucun objet à vous pour le moment\u00a0: vos clients ont le catalogue commun.</p>'
      : `<table class="bookings"><caption class="visually-hidden">Vos objets\u202f; le nom mène à sa fiche pour le modifier ou le supprimer</caption><thead><tr><th scope="col">Objet</th><th scope="col">Caractéristiques</th></tr></thead><tbody>${ownRows}</tbody></table>`;
  const body = `<p><a href="${SETTINGS_URL}">Réglages</a></p><h1>Catalogue</h1>
<p>Ce que vos clients trouvent en cherchant un objet, sur votre intranet et sur vos pages publiques (avec votre clé)\u00a0: le catalogue commun, et vos propres objets en premier\u202f; dans Objets, vos inventaires types. Le devis les chiffre avec les valeurs enregistrées ici.</p>
${message ? notice(message.kind, message.text) : ''}
<section class="card" aria-labelledby="preferes"><h2 id="preferes">Objets préférés</h2>
<p class="meta">Proposés d’un clic dans Objets, dans cet ordre.</p>
${chips}
${addChip}
</section>
<section class="card" aria-labelledby="vos-objets"><h2 id="vos-objets">Vos objets</h2>
${ownList}
</section>
${presetsSection(presets)}
<section class="card" aria-labelledby="ajouter-objet"><h2 id="ajouter-objet">Ajouter un objet</h2>
${refusedItem ? errorSummary('L’objet n’a pas été ajouté\u00a0: corrigez les champs signalés. Vos saisies sont gardées.', refusedItem.errors) : ''}
<form method="post" action="${CATALOGUE_URL}/objets#ajouter-objet" novalidate>${csrfField(viewer.csrf)}${ownItemForm(refusedItem?.values ?? { porteurs: '1' }, refusedItem?.errors ?? [])}<button type="submit" class="button primary">Ajouter l’objet</button></form>
</section>`;
  return frame('Catalogue', body, viewer, 'reglages');
}

export function renderOwnItemPage(viewer: Viewer, item: CatalogueItem, values: FormValues, errors: readonly FieldError[]): string {
  const url = `${CATALOGUE_URL}/objets/${item.id}`;
  const body = `<p><a href="${CATALOGUE_URL}">Catalogue</a></p><h1>${escapeHtml(item.name)}</h1>
${errorSummary('L’objet n’a pas été enregistré\u00a0: corrigez les champs signalés. Vos saisies sont gardées.', errors)}
<section class="card" aria-labelledby="modifier"><h2 id="modifier">Modifier</h2>
<form method="post" action="${url}" novalidate>${csrfField(viewer.csrf)}${ownItemForm(values, errors)}<button type="submit" class="button primary">Enregistrer</button></form></section>
<section class="card" aria-labelledby="supprimer"><h2 id="supprimer">Supprimer</h2><p>Vos clients ne le trouveront plus\u202f; les réservations déjà faites gardent ce qu’elles avaient.</p>
<form method="post" action="${url}/supprimer">${csrfField(viewer.csrf)}<button type="submit" class="button danger">Supprimer l’objet «\u202f${escapeHtml(item.name)}\u202f»</button></form></section>`;
  return frame(item.name, body, viewer, 'reglages');
}
