import { formatDistance, formatDuration, type QuoteFigures, type Tariff, formatCents, vehicleWords } from 'transport-quote-wizard/domain';
import type { TariffVersion } from '../../db/tariffs-repo.ts';
import { csrfField, escapeHtml, frame, notice, shortDateTime, type Viewer } from '../layout.ts';
import { SETTINGS_URL } from './pages.ts';
import { errorSummary, input, checkbox, type FieldError, type FormValues } from './form-fields.ts';
import type { SimulationRow } from './simulation.ts';
import { renderTariffForm } from './tariff-form.ts';

export const TARIFF_URL = `${SETTINGS_URL}/tarifs`;
export const SIMULATE_URL = `${SETTINGS_URL}/simuler`;
export const VERSIONS_URL = `${SETTINGS_URL}/versions`;

type Message = { kind: 'success' | 'error' | 'info'; text: string } | null;

/** The three pages of the tariff side by side: write it, try it, go back to an earlier one. */
function tariffNav(current: 'tarifs' | 'simuler' | 'versions'): string {
  const link = (page: typeof current, label: string, url: string) =>
    `<a href="${url}"${page === current ? ' aria-current="page"' : ''}>${label}</a>`;
  return `<p><a href="${SETTINGS_URL}">Réglages</a></p><nav class="subnav" aria-label="Tarif">${link('tarifs', 'Tarifs', TARIFF_URL)}${link('simuler', 'Simuler', SIMULATE_URL)}${link('versions', 'Versions', VERSIONS_URL)}</nav>`;
}

/** 'version 3 du lun. 14 déc. 2026 · 9 h', or the default tariff. */
export function versionWords(version: number | null): string {
  return version === null ? 'le tarif de départ (valeurs par défaut)' : `la version\u00a0${version}`;
}

export interface TariffPageInput {
  viewer: Viewer;
  values: FormValues;
  errors: readonly FieldError[];
  version: number | null;
  message: Message;
}

export function renderTariffPage({ viewer, values, errors, version, message }: TariffPageInput): string {
  const body = `${tariffNav('tarifs')}<h1>Tarifs</h1>
<p>Vos prix, tels que vos clients les voient sur votre site et dans l’intranet\u00a0: le devis et la réservation sont calculés par le serveur avec ce tarif. En vigueur\u00a0: ${escapeHtml(versionWords(version))}.</p>
${message ? notice(message.kind, message.text) : ''}
${renderTariffForm({ csrf: viewer.csrf, values, errors, action: TARIFF_URL, simulateAction: SIMULATE_URL })}`;
  return frame('Tarifs', body, viewer, 'reglages');
}

const money = formatCents;

function figuresCell(figures: QuoteFigures): string {
  if (figures.pool_error) return `<p class="price">Prix non disponible</p><p class="meta">${escapeHtml(figures.pool_error)}</p>`;
  const hours = formatDuration(figures.handling_hours * 3600);
  const handlers = figures.persons_needed === 1 ? '1\u00a0manutentionnaire' : `${figures.persons_needed}\u00a0manutentionnaires`;
  return `<p class="price">${escapeHtml(money(figures.total))}\u00a0TTC</p><p class="meta">${escapeHtml(money(figures.total_ht))}\u00a0HT · transport ${escapeHtml(money(figures.price_transportation))}, manutention ${escapeHtml(money(figures.price_handling))}</p><p class="meta">${escapeHtml(formatDistance(figures.driver_distance))} de route aller et retour · ${escapeHtml(figures.vehicle ? vehicleWords(figures.vehicle.name, figures.truck_capacity, figures.vehicle_count) : `${figures.volume}\u00a0m³`)} · ${escapeHtml(handlers)}, ${escapeHtml(hours)}</p>`;
}

function difference(current: QuoteFigures, draft: QuoteFigures): string {
  if (current.pool_error || draft.pool_error) return '—';
  const delta = draft.total - current.total;
  if (delta === 0) return 'Inchangé';
  const percent =
    current.total === 0
      ? ''
      : ` (${delta > 0 ? '+' : '−'}${Math.abs(Math.round((delta / current.total) * 1000) / 10).toLocaleString('fr-FR')}\u00a0%)`;
  return `${delta > 0 ? '+' : '−'}${escapeHtml(money(Math.abs(delta)))}${percent}`;
}

export interface SimulationPageInput {
  viewer: Viewer;
  version: number | null;
  rows: SimulationRow[];
  /** The draft's JSON when a tariff is being prepared, carried by the page's forms. */
  draftJson: string | null;
  draftChanges: string[];
  tripValues: FormValues;
  tripErrors: readonly FieldError[];
}

export function renderSimulationPage(input_: SimulationPageInput): string {
  const { viewer, version, rows, draftJson, draftChanges, tripValues, tripErrors } = input_;
  const drafted = draftJson !== null;
  const head = `<tr><th scope="col">Trajet</th><th scope="col">Tarif en vigueur</th>${drafted ? '<th scope="col">Tarif en préparation</th><th scope="col">Écart</th>' : ''}</tr>`;
  const lines = rows
    .map(
      (row) =>
        `<tr><th scope="row" data-label="Trajet">${escapeHtml(row.label)}</th><td data-label="Tarif en vigueur"><div class="cell">${figuresCell(row.current)}</div></td>${
          row.draft
            ? `<td data-label="Tarif en préparation"><div class="cell">${figuresCell(row.draft)}</div></td><td data-label="Écart" class="number"><div class="cell">${difference(row.current, row.draft)}</div></td>`
            : ''
        }</tr>`,
    )
    .join('');
  const carried = drafted ? `<input type="hidden" name="brouillon" value="${escapeHtml(draftJson)}">` : '';
  const at = { values: tripValues, errors: tripErrors };
  const changes = drafted
    ? `<div class="card"><h2>Ce qui change</h2>${
        draftChanges.length === 0
          ? '<p>Rien\u00a0: ce tarif est celui en vigueur.</p>'
          : `<ul>${draftChanges.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
      }<div class="form-actions"><form method="post" action="${TARIFF_URL}">${csrfField(viewer.csrf)}${carried}<input type="hidden" name="base" value="${version ?? ''}"><button type="submit" class="button primary">Enregistrer ce tarif</button></form><form method="post" action="${TARIFF_URL}/modifier">${csrfField(viewer.csrf)}${carried}<input type="hidden" name="base" value="${version ?? ''}"><button type="submit" class="button secondary">Reprendre le formulaire</button></form></div></div>`
    : '';
  const body = `${tariffNav('simuler')}<h1>Simuler</h1>
<p>Le prix que le serveur donnerait aujourd’hui à un client, calculé comme un vrai devis${drafted ? ', avec le tarif en vigueur et avec celui que vous préparez (pas encore enregistré)' : ` avec le tarif en vigueur (${escapeHtml(versionWords(version))})`}. Les devis déjà donnés gardent leur prix.</p>
${drafted ? notice('info', 'Tarif en préparation\u00a0: rien n’est enregistré tant que vous ne cliquez pas sur «\u202fEnregistrer ce tarif\u202f».') : ''}
<table class="bookings simulation"><caption class="visually-hidden">Prix des trajets simulés</caption><thead>${head}</thead><tbody>${lines}</tbody></table>
${changes}
${errorSummary('Ce trajet n’a pas pu être simulé\u00a0: corrigez les champs signalés.', tripErrors)}
<form method="post" action="${SIMULATE_URL}" class="card trip-form" novalidate>
${csrfField(viewer.csrf)}${carried}
<h2>Votre trajet</h2>
<p class="meta">Deux villes ou codes postaux, le volume, les étages\u00a0: le prix est calculé entre les centres des deux communes.</p>
<div class="grid">${input({ ...at, name: 'trajet_depart', label: 'Départ', kind: 'text', size: 18 })}${input({ ...at, name: 'trajet_arrivee', label: 'Arrivée', kind: 'text', size: 18 })}${input({ ...at, name: 'trajet_volume', label: 'Volume', unit: 'm³', size: 5 })}${input({ ...at, name: 'trajet_date', label: 'Jour (facultatif)', kind: 'date', help: 'Pour voir les coefficients du jour.' })}</div>
<div class="grid">${input({ ...at, name: 'trajet_etage_depart', label: 'Étage au départ', size: 4, kind: 'numeric', help: '−1\u00a0: rue, 0\u00a0: rez-de-chaussée.' })}${checkbox('trajet_ascenseur_depart', 'Ascenseur au départ', tripValues)}${input({ ...at, name: 'trajet_etage_arrivee', label: 'Étage à l’arrivée', size: 4, kind: 'numeric' })}${checkbox('trajet_ascenseur_arrivee', 'Ascenseur à l’arrivée', tripValues)}${input({ ...at, name: 'trajet_portage', label: 'Portage à l’arrivée', unit: 'm', size: 5, kind: 'numeric' })}</div>
<button type="submit" class="button secondary">Simuler ce trajet</button>
</form>`;
  return frame('Simuler', body, viewer, 'reglages');
}

export interface VersionsPageInput {
  viewer: Viewer;
  versions: TariffVersion[];
  current: number | null;
  message: Message;
}

function restoreForm(viewer: Viewer, number: number, current: number | null, label: string): string {
  return `<form method="post" action="${VERSIONS_URL}/${number}/restaurer">${csrfField(viewer.csrf)}<input type="hidden" name="base" value="${current ?? ''}"><button type="submit" class="button secondary small">${escapeHtml(label)}</button></form>`;
}

export function renderVersionsPage({ viewer, versions, current, message }: VersionsPageInput): string {
  const rows = versions
    .map((version) => {
      const inForce = version.number === current;
      const what = version.summary
        .split('\n')
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('');
      return `<tr>
<td data-label="Version"><div class="cell">Version\u00a0${version.number}${inForce ? ' <span class="badge state-accepted">En vigueur</span>' : ''}</div></td>
<td data-label="Quand"><div class="cell">${escapeHtml(shortDateTime(version.created_at))}</div></td>
<td data-label="Qui"><div class="cell">${escapeHtml(version.user_email)}</div></td>
<td data-label="Changements"><div class="cell"><ul class="changes">${what}</ul></div></td>
<td data-label="Action"><div class="cell">${inForce ? '' : restoreForm(viewer, version.number, current, `Restaurer la version ${version.number}`)}</div></td>
</tr>`;
    })
    .join('');
  const start = `<tr>
<td data-label="Version"><div class="cell">Tarif de départ${current === null ? ' <span class="badge state-accepted">En vigueur</span>' : ''}</div></td>
<td data-label="Quand"><div class="cell">—</div></td>
<td data-label="Qui"><div class="cell">—</div></td>
<td data-label="Changements"><div class="cell">Le tarif d’avant la première version\u00a0: par défaut 0,70\u00a0€ par km et 15\u00a0€ par heure de route TTC (au moins 38\u00a0€), manutention 18 et 30\u00a0€ HT de l’heure.</div></td>
<td data-label="Action"><div class="cell">${current === null ? '' : restoreForm(viewer, 0, current, 'Revenir au tarif de départ')}</div></td>
</tr>`;
  const body = `${tariffNav('versions')}<h1>Versions du tarif</h1>
<p>Chaque enregistrement du tarif en crée une version. Un devis garde le prix de la version sur laquelle il a été fait, et la réservation faite sur ce devis aussi. Restaurer une version en crée une nouvelle, identique.</p>
${message ? notice(message.kind, message.text) : ''}
<table class="bookings versions"><caption class="visually-hidden">Versions du tarif, de la plus récente à la plus ancienne</caption><thead><tr><th scope="col">Version</th><th scope="col">Quand</th><th scope="col">Qui</th><th scope="col">Changements</th><th scope="col">Action</th></tr></thead><tbody>${rows}${start}</tbody></table>`;
  return frame('Versions du tarif', body, viewer, 'reglages');
}

/** The tariff's summary line for the journal and the versions, or a restore's. */
export function summaryOf(changes: readonly string[], restoredFrom: number | null): string {
  const head = restoredFrom === null ? [] : [restoredFrom === 0 ? 'Retour au tarif de départ' : `Retour à la version ${restoredFrom}`];
  return [...head, ...changes].join('\n');
}

export type { Tariff };
