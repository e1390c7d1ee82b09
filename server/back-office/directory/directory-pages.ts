import type { DirectoryKind } from '../../db/directory-repo.ts';
import { BASE, csrfField, escapeHtml, frame, notice, type Viewer } from '../layout.ts';
import { checkbox, errorSummary, input, type FieldError, type FormValues } from '../settings/form-fields.ts';
import type { PlannedLine } from './directory-import.ts';

export const DIRECTORY_URL = `${BASE}/repertoire`;
export const kindUrl = (kind: DirectoryKind) => `${DIRECTORY_URL}/${kind}`;
/** The most rows a list shows: a directory of thousands is found by its search. */
export const LIST_SHOWN = 500;
/** The largest file the import reads: about a thousand lines, sent back whole with its confirmation. */
export const IMPORT_MAX_BYTES = 200 * 1024;

/** Each list's words: its title, one row's name, the add button, what the list is about. */
export const KINDS: Record<
  DirectoryKind,
  { title: string; one: string; theOne: string; add: string; empty: string; search: string; about: string; columns: string[] }
> = {
  adresses: {
    title: 'Lieux enregistrés',
    one: 'lieu',
    theOne: 'le lieu',
    add: 'Ajouter un lieu',
    empty: 'Aucun lieu enregistré pour le moment.',
    search: 'Chercher un lieu (nom, rue, ville)',
    about:
      'Les lieux que vos clients choisissent d’un clic dans le formulaire de réservation (mode entreprise)\u00a0: l’adresse, vérifiée, avec son étage, son ascenseur, ses consignes et ses contacts sur place.',
    columns: ['Nom', 'Adresse', 'Étage', 'Contacts sur place'],
  },
  clients: {
    title: 'Clients',
    one: 'client',
    theOne: 'le client',
    add: 'Ajouter un client',
    empty: 'Aucun client enregistré pour le moment.',
    search: 'Chercher un client (nom, référence, e-mail)',
    about: 'Les clients proposés par la recherche de client du formulaire de réservation (mode entreprise).',
    columns: ['Nom', 'Référence', 'E-mail', 'Téléphone'],
  },
  contacts: {
    title: 'Contacts',
    one: 'contact',
    theOne: 'le contact',
    add: 'Ajouter un contact',
    empty: 'Aucun contact enregistré pour le moment.',
    search: 'Chercher un contact (nom, e-mail)',
    about: 'Les personnes proposées par la recherche de contacts du formulaire de réservation (mode entreprise).',
    columns: ['Nom', 'Téléphone', 'E-mail'],
  },
};

const ORDER: DirectoryKind[] = ['adresses', 'clients', 'contacts'];

function subnav(current: DirectoryKind | null): string {
  const links = ORDER.map(
    (kind) => `<a href="${kindUrl(kind)}"${kind === current ? ' aria-current="page"' : ''}>${escapeHtml(KINDS[kind].title)}</a>`,
  ).join('');
  return `<nav class="subnav" aria-label="Répertoire">${links}</nav>`;
}

export function renderDirectoryIndex(viewer: Viewer, counts: Record<DirectoryKind, number>): string {
  const items = ORDER.map(
    (kind) =>
      `<li><a href="${kindUrl(kind)}">${escapeHtml(KINDS[kind].title)}</a> <span class="meta">(${counts[kind]})</span><p class="meta">${escapeHtml(KINDS[kind].about)}</p></li>`,
  ).join('');
  return frame(
    'Répertoire',
    `<h1>Répertoire</h1><p>Ce que votre formulaire de réservation propose à vos clients d’entreprise\u00a0: à jour dès que vous l’enregistrez.</p><ul class="settings-index">${items}</ul>`,
    viewer,
    'repertoire',
  );
}

/** One kind's form: ids prefixed (the add form and an edit form may share a page), names not. */
export function directoryForm(kind: DirectoryKind, values: FormValues, errors: readonly FieldError[]): string {
  const text = (name: string, label: string, help?: string, kindOf: 'text' | 'numeric' = 'text') =>
    input({ name, label, values, errors, kind: kindOf, ...(help ? { help } : {}) });
  if (kind === 'clients')
    return [
      text('nom', 'Nom du client'),
      text('reference', 'Référence (facultative)', 'Votre code client\u00a0: un import reconnaît le client par elle.'),
      text('email', 'E-mail (facultatif)'),
      text('telephone', 'Téléphone (facultatif)'),
    ].join('');
  if (kind === 'contacts')
    return [text('nom', 'Nom du contact'), text('telephone', 'Téléphone (facultatif)'), text('email', 'E-mail (facultatif)')].join('');
  const contactsError = errors.find((error) => error.field === 'contacts');
  return [
    text('nom', 'Nom du lieu', 'Ce que vos clients voient, par exemple «\u202fEntrepôt Saint-Denis\u202f».'),
    text('adresse', 'Adresse', 'Numéro, rue, code postal et ville\u00a0: vérifiée à l’enregistrement.'),
    text(
      'etage',
      'Étage',
      '-1\u00a0: de plain-pied, dans la rue\u202f; 0\u00a0: rez-de-chaussée\u202f; 1 à 12. Vide\u00a0: de plain-pied.',
      'numeric',
    ),
    checkbox('ascenseur', 'Ascenseur (à partir du 1er étage)', values),
    `<div class="field"><label for="f-notes">Notes (facultatives)</label><textarea id="f-notes" name="notes" rows="3">${escapeHtml(values.notes ?? '')}</textarea></div>`,
    `<div class="field"><label for="f-contacts">Contacts sur place (facultatifs)</label><textarea id="f-contacts" name="contacts" rows="3" aria-describedby="h-contacts${contactsError ? ' e-contacts' : ''}"${contactsError ? ' aria-invalid="true"' : ''}>${escapeHtml(values.contacts ?? '')}</textarea><p class="help" id="h-contacts">Un contact par ligne\u00a0: nom, téléphone, e-mail, séparés par des virgules.</p>${contactsError ? `<p class="field-error" id="e-contacts">${escapeHtml(contactsError.message)}</p>` : ''}</div>`,
  ].join('');
}

/** A row of the list: its cells, and where its own page is. */
export interface ListedRow {
  id: number;
  cells: string[];
}

export interface DirectoryPageInput {
  viewer: Viewer;
  kind: DirectoryKind;
  query: string;
  /** The rows shown: the first `LIST_SHOWN` of those found. */
  rows: ListedRow[];
  /** How many rows the search found (all of them without a search). */
  found: number;
  total: number;
  message: { kind: 'success' | 'error' | 'info'; text: string } | null;
  /** The add form as typed, when it was refused. */
  refused?: { values: FormValues; errors: FieldError[] };
}

export function renderDirectoryPage({ viewer, kind, query, rows, found, total, message, refused }: DirectoryPageInput): string {
  const words = KINDS[kind];
  const url = kindUrl(kind);
  const head = words.columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row.cells
          .map((text, index) =>
            index === 0
              ? `<td data-label="${escapeHtml(words.columns[0]!)}"><div class="cell"><a href="${url}/${row.id}">${escapeHtml(text)}</a></div></td>`
              : `<td data-label="${escapeHtml(words.columns[index]!)}"><div class="cell">${escapeHtml(text)}</div></td>`,
          )
          .join('')}</tr>`,
    )
    .join('');
  const list =
    total === 0
      ? `<p class="meta">${escapeHtml(words.empty)}</p>`
      : rows.length === 0
        ? `<p class="meta">Aucun résultat pour «\u202f${escapeHtml(query)}\u202f».</p>`
        : `<table class="bookings"><caption class="visually-hidden">${escapeHtml(words.title)}, par ordre alphabétique\u202f; le nom mène à la fiche pour la modifier ou la supprimer</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  const count = query.trim() === '' ? `${total}\u00a0au total` : `${found}\u00a0sur ${total}`;
  const more =
    rows.length < found
      ? `<p class="meta">Les ${rows.length}\u00a0premiers par ordre alphabétique sont listés\u00a0: cherchez pour trouver les autres.</p>`
      : '';
  const html = `<p><a href="${DIRECTORY_URL}">Répertoire</a></p>${subnav(kind)}<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.about)}</p>
${message ? notice(message.kind, message.text) : ''}
<form method="get" action="${url}" class="filters" role="search"><div class="field"><label for="q">${escapeHtml(words.search)}</label><input id="q" name="q" type="search" value="${escapeHtml(query)}" autocomplete="off"></div><div class="actions"><button type="submit" class="button secondary">Chercher</button></div></form>
<div class="list-head"><p class="count">${escapeHtml(count)}</p></div>
${list}${more}
<section class="card" aria-labelledby="ajouter"><h2 id="ajouter">${escapeHtml(words.add)}</h2>
${refused ? errorSummary(`${capitalised(words.theOne)} n’a pas été ajouté\u00a0: corrigez les champs signalés. Vos saisies sont gardées.`, refused.errors) : ''}
<form method="post" action="${url}#ajouter" class="stack" novalidate>${csrfField(viewer.csrf)}${directoryForm(kind, refused?.values ?? {}, refused?.errors ?? [])}<button type="submit" class="button primary">${escapeHtml(words.add)}</button></form>
</section>
<section class="card" aria-labelledby="fichier"><h2 id="fichier">Importer ou exporter (CSV)</h2>
<p>Le fichier d’un tableur (LibreOffice, Excel)\u00a0: colonnes ${words.columns.length > 0 ? escapeHtml(columnsOf(kind)) : ''}, séparées par des points-virgules, une ligne par ${escapeHtml(words.one)}. Avant d’enregistrer quoi que ce soit, l’import montre ce qu’il ajoutera, modifiera ou refusera, ligne par ligne.</p>
<p><a class="button secondary" href="${url}/export" download>Exporter ${escapeHtml(words.title.toLowerCase())} (CSV)</a></p>
<form method="post" action="${url}/import" enctype="multipart/form-data" class="stack">${csrfField(viewer.csrf)}<div class="field"><label for="f-fichier">Fichier CSV à importer</label><input id="f-fichier" name="fichier" type="file" accept=".csv,text/csv" aria-describedby="h-fichier"><p class="help" id="h-fichier">UTF-8 ou Windows-1252, ${IMPORT_MAX_BYTES / 1024}\u00a0Ko au plus. Rien n’est enregistré avant votre confirmation.</p></div><button type="submit" class="button primary">Voir ce que l’import fera</button></form>
</section>`;
  return frame(words.title, html, viewer, 'repertoire');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const COLUMN_NAMES: Record<DirectoryKind, string> = {
  adresses: 'Nom, Adresse, Étage, Ascenseur (oui/non), Notes, Contacts (séparés par |), Latitude, Longitude',
  clients: 'Nom, Référence, E-mail, Téléphone',
  contacts: 'Nom, Téléphone, E-mail',
};
const columnsOf = (kind: DirectoryKind) => COLUMN_NAMES[kind];

export interface EditPageInput {
  viewer: Viewer;
  kind: DirectoryKind;
  id: number;
  name: string;
  values: FormValues;
  errors: FieldError[];
}

export function renderEditPage({ viewer, kind, id, name, values, errors }: EditPageInput): string {
  const words = KINDS[kind];
  const url = `${kindUrl(kind)}/${id}`;
  const html = `<p><a href="${kindUrl(kind)}">${escapeHtml(words.title)}</a></p><h1>${escapeHtml(name)}</h1>
${errorSummary(`${capitalised(words.theOne)} n’a pas été enregistré\u00a0: corrigez les champs signalés. Vos saisies sont gardées.`, errors)}
<section class="card" aria-labelledby="modifier"><h2 id="modifier">Modifier</h2>
<form method="post" action="${url}" class="stack" novalidate>${csrfField(viewer.csrf)}${directoryForm(kind, values, errors)}<button type="submit" class="button primary">Enregistrer</button></form></section>
<section class="card" aria-labelledby="supprimer"><h2 id="supprimer">Supprimer</h2><p>Vos clients ne le verront plus dans le formulaire\u202f; les réservations déjà faites gardent ce qu’elles avaient.</p>
<form method="post" action="${url}/supprimer">${csrfField(viewer.csrf)}<button type="submit" class="button danger">Supprimer ${escapeHtml(words.theOne)} «\u202f${escapeHtml(name)}\u202f»</button></form></section>`;
  return frame(name, html, viewer, 'repertoire');
}

const ACTIONS: Record<PlannedLine['action'], string> = { add: 'Ajout', change: 'Modification', same: 'Inchangé', refuse: 'Refusée' };

export function importCounts(plan: readonly PlannedLine[]) {
  const count = (action: PlannedLine['action']) => plan.filter((line) => line.action === action).length;
  return { add: count('add'), change: count('change'), same: count('same'), refuse: count('refuse') };
}

/** The preview: line by line what the import will do; the confirmation carries the file's text back. */
export function renderImportPreview(
  viewer: Viewer,
  kind: DirectoryKind,
  plan: readonly PlannedLine[],
  text: string,
  encoding: string,
): string {
  const words = KINDS[kind];
  const counts = importCounts(plan);
  const rows = plan
    .map(
      (line) =>
        `<tr><td data-label="Ligne"><div class="cell">${line.line}</div></td><td data-label="Nom"><div class="cell">${escapeHtml(line.name || '(sans nom)')}</div></td><td data-label="Ce que fera l’import"><div class="cell">${line.action === 'refuse' ? `<strong>Refusée</strong>\u00a0: ${escapeHtml(line.reasons.join(' '))}` : line.action === 'change' ? `Modification\u00a0: ${escapeHtml(line.changed.join(', '))}` : ACTIONS[line.action]}</div></td></tr>`,
    )
    .join('');
  const written = counts.add + counts.change;
  const summary = `${counts.add}\u00a0ajout${counts.add > 1 ? 's' : ''}, ${counts.change}\u00a0modification${counts.change > 1 ? 's' : ''}, ${counts.same}\u00a0ligne${counts.same > 1 ? 's' : ''} inchangée${counts.same > 1 ? 's' : ''}, ${counts.refuse}\u00a0ligne${counts.refuse > 1 ? 's' : ''} refusée${counts.refuse > 1 ? 's' : ''}.`;
  const confirm =
    written === 0
      ? `<p>Rien à importer. <a href="${kindUrl(kind)}">Retour à la liste</a></p>`
      : `<form method="post" action="${kindUrl(kind)}/import/confirmer" enctype="multipart/form-data" class="form-actions">${csrfField(viewer.csrf)}<input type="hidden" name="texte" value="${escapeHtml(text)}"><button type="submit" class="button primary">Importer ${written}\u00a0ligne${written > 1 ? 's' : ''}${counts.refuse > 0 ? ' (sans les lignes refusées)' : ''}</button><a href="${kindUrl(kind)}">Annuler</a></form>`;
  const html = `<p><a href="${kindUrl(kind)}">${escapeHtml(words.title)}</a></p><h1>Import\u00a0: ce qu’il fera</h1>
${notice('info', `Rien n’est encore enregistré. Fichier lu en ${encoding}\u00a0: ${summary}`)}
${plan.length === 0 ? '<p>Le fichier n’a aucune ligne sous celle des titres de colonnes.</p>' : `<table class="bookings"><caption class="visually-hidden">Chaque ligne du fichier et ce que l’import en fera</caption><thead><tr><th scope="col">Ligne</th><th scope="col">Nom</th><th scope="col">Ce que fera l’import</th></tr></thead><tbody>${rows}</tbody></table>`}
${confirm}`;
  return frame('Import\u00a0: ce qu’il fera', html, viewer, 'repertoire');
}
