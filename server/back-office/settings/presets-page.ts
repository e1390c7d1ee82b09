import { FURNISHINGS, HOME_SIZES, formatVolume, presetVolume, type Furnishing, type HomeSize } from 'transport-quote-wizard/domain';
import { csrfField, escapeHtml, frame, notice, type Viewer } from '../layout.ts';
import type { CatalogueItem } from '../../db/items-repo.ts';
import { describedBy, errorSummary, fieldError, type FieldError, type FormValues } from './form-fields.ts';
import { SETTINGS_URL } from './pages.ts';

/** The Catalogue's address (catalogue-page.ts names it too; written here so the two pages import each other in one way only). */
const CATALOGUE_URL = `${SETTINGS_URL}/catalogue`;

/** The home's size and furnishing in a URL: /reglages/catalogue/inventaires/t3/normalement-meuble. */
export const SIZE_SLUGS: Record<HomeSize, string> = {
  Studio: 'studio',
  T1: 't1',
  T2: 't2',
  T3: 't3',
  T4: 't4',
  T5: 't5',
  Maison: 'maison',
};
export const FURNISHING_SLUGS: Record<Furnishing, string> = {
  'peu meublé': 'peu-meuble',
  'normalement meublé': 'normalement-meuble',
  'très meublé': 'tres-meuble',
};
export const presetUrl = (size: HomeSize, furnishing: Furnishing) =>
  `${CATALOGUE_URL}/inventaires/${SIZE_SLUGS[size]}/${FURNISHING_SLUGS[furnishing]}`;

/** 'T3 normalement meublé', 'maison très meublée'. */
export function presetName(size: HomeSize, furnishing: Furnishing): string {
  return size === 'Maison' ? `Maison ${furnishing.replace('meublé', 'meublée')}` : `${size} ${furnishing}`;
}

/** One line as the page shows it: a catalogue entry (shared or the carrier's own) and its count. */
export interface ShownLine {
  item: CatalogueItem;
  quantity: number;
}

export interface PresetSummary {
  size: HomeSize;
  furnishing: Furnishing;
  volume: number;
  own: boolean;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The Catalogue page's section: the 21 presets, each with its volume and whose it is, a link to edit it. */
export function presetsSection(summaries: readonly PresetSummary[]): string {
  const cell = (size: HomeSize, furnishing: Furnishing) => {
    const summary = summaries.find((candidate) => candidate.size === size && candidate.furnishing === furnishing)!;
    return `<td data-label="${capitalized(furnishing)}"><div class="cell"><a href="${presetUrl(size, furnishing)}"><span class="visually-hidden">${escapeHtml(presetName(size, furnishing))}\u00a0: </span>${formatVolume(summary.volume)}</a>${summary.own ? ' <span class="badge info">Le vôtre</span>' : ''}</div></td>`;
  };
  const rows = HOME_SIZES.map(
    (size) => `<tr><th scope="row">${size}</th>${FURNISHINGS.map((furnishing) => cell(size, furnishing)).join('')}</tr>`,
  ).join('');
  return `<section class="card" aria-labelledby="inventaires"><h2 id="inventaires">Inventaires types</h2>
<p class="meta">Ce qu’ajoute «\u202fPartir de votre logement\u202f» dans Objets, pour chaque logement et son ameublement\u00a0: celui livré avec le formulaire, ou le vôtre. Le volume mène à l’inventaire pour le modifier.</p>
<table class="bookings presets"><caption class="visually-hidden">Volume de chaque inventaire type, par logement et ameublement</caption><thead><tr><th scope="col">Logement</th>${FURNISHINGS.map((furnishing) => `<th scope="col">${capitalized(furnishing)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>
</section>`;
}

export interface PresetPageInput {
  viewer: Viewer;
  size: HomeSize;
  furnishing: Furnishing;
  lines: readonly ShownLine[];
  /** The carrier's own (true), or the shipped one shown from the catalogue. */
  own: boolean;
  names: readonly string[];
  message: { kind: 'success' | 'error' | 'info'; text: string } | null;
  /** The counts as typed, when refused. */
  refusedCounts?: { values: FormValues; errors: FieldError[] };
  refusedAdd?: { values: FormValues; errors: FieldError[] };
}

/** The count field of a line: named by its entry's id, labelled by its object for screen readers. */
export const countField = (item: CatalogueItem) => `n-${item.id}`;

export function renderPresetPage(input: PresetPageInput): string {
  const { viewer, size, furnishing, lines, own, names, message, refusedCounts, refusedAdd } = input;
  const url = presetUrl(size, furnishing);
  const name = presetName(size, furnishing);
  const countErrors = refusedCounts?.errors ?? [];
  const row = (line: ShownLine) => {
    const field = countField(line.item);
    const typed = refusedCounts?.values[field] ?? String(line.quantity);
    const ownBadge = line.item.company_id !== null ? ' <span class="badge info">Votre objet</span>' : '';
    return `<tr><th scope="row">${escapeHtml(line.item.name)}${ownBadge}</th>
<td data-label="Nombre"><div class="cell"><label for="f-${field}" class="visually-hidden">Nombre de «\u202f${escapeHtml(line.item.name)}\u202f»</label><input id="f-${field}" name="${field}" form="nombres" type="text" inputmode="numeric" size="4" value="${escapeHtml(typed)}" autocomplete="off"${describedBy(field, countErrors, false)}>${fieldError(field, countErrors)}</div></td>
<td data-label="Volume"><div class="cell">${formatVolume(line.item.volume * line.quantity)}</div></td>
<td data-label=""><div class="cell"><form method="post" action="${url}/retirer/${line.item.id}">${csrfField(viewer.csrf)}<button type="submit" class="button secondary">Retirer<span class="visually-hidden"> «\u202f${escapeHtml(line.item.name)}\u202f»</span></button></form></div></td></tr>`;
  };
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const volume = presetVolume(lines.map((line) => ({ volume: line.item.volume, quantity: line.quantity })));
  const addValues = refusedAdd?.values ?? { nombre: '1' };
  const addErrors = refusedAdd?.errors ?? [];
  const addField = (field: string, label: string, attributes: string, help: string) =>
    `<div class="field"><label for="f-${field}">${label}</label><input id="f-${field}" name="${field}" ${attributes} value="${escapeHtml(addValues[field] ?? '')}" autocomplete="off"${describedBy(field, addErrors, true)}><p class="help" id="h-${field}">${help}</p>${fieldError(field, addErrors)}</div>`;
  const whose = own
    ? 'Votre inventaire\u00a0: vos clients l’ont à la place de celui livré avec le formulaire.'
    : 'L’inventaire livré avec le formulaire\u00a0: changez un nombre, ajoutez ou retirez un objet, et il devient le vôtre.';
  const body = `<p><a href="${CATALOGUE_URL}#inventaires">Catalogue</a></p><h1>Inventaire type\u00a0: ${escapeHtml(name)}</h1>
<p>${whose} Chaque ligne reste modifiable par le client, et le devis la chiffre avec les valeurs du catalogue.</p>
${message ? notice(message.kind, message.text, 'fait') : ''}
${errorSummary('Les nombres n’ont pas été enregistrés\u00a0: corrigez les lignes signalées. Vos saisies sont gardées.', countErrors)}
<section class="card" aria-labelledby="lignes"><h2 id="lignes">Objets</h2>
<p class="meta" id="total">${count}\u00a0objet${count > 1 ? 's' : ''}, ${formatVolume(volume)}</p>
<table class="bookings preset-lines"><caption class="visually-hidden">Objets de l’inventaire type ${escapeHtml(name)}, avec leur nombre et leur volume</caption><thead><tr><th scope="col">Objet</th><th scope="col">Nombre</th><th scope="col">Volume</th><th scope="col"><span class="visually-hidden">Retirer</span></th></tr></thead><tbody>${lines.map(row).join('')}</tbody></table>
<form method="post" action="${url}" id="nombres">${csrfField(viewer.csrf)}<button type="submit" class="button primary">Enregistrer les nombres</button></form>
</section>
<section class="card" aria-labelledby="ajouter"><h2 id="ajouter">Ajouter un objet</h2>
${errorSummary('L’objet n’a pas été ajouté\u00a0: corrigez les champs signalés. Vos saisies sont gardées.', addErrors)}
<form method="post" action="${url}/ajouter#ajouter" class="filters" novalidate>${csrfField(viewer.csrf)}
${addField('nom', 'Objet', 'type="text" list="noms-objets"', 'Le nom d’un objet du catalogue ou de l’un des vôtres.')}
${addField('nombre', 'Nombre', 'type="text" inputmode="numeric" size="4"', 'De 1 à 999.')}
<div class="actions"><button type="submit" class="button primary">Ajouter</button></div></form>
<datalist id="noms-objets">${names.map((entry) => `<option value="${escapeHtml(entry)}"></option>`).join('')}</datalist>
</section>
${
  own
    ? `<section class="card" aria-labelledby="livre"><h2 id="livre">Inventaire livré</h2><p>Vos clients retrouvent l’inventaire livré avec le formulaire pour ce logement\u202f; le vôtre est effacé.</p>
<form method="post" action="${url}/livre">${csrfField(viewer.csrf)}<button type="submit" class="button danger">Revenir à l’inventaire livré</button></form></section>`
    : ''
}`;
  return frame(`Inventaire type ${name}`, body, viewer, 'reglages');
}
