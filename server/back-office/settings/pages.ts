import type { JournalEntry } from '../../db/settings-journal.ts';
import { BASE, escapeHtml, frame, shortDateTime, type Viewer } from '../layout.ts';

/** Where the Réglages live, under the back office's base. */
export const SETTINGS_BASE = '/reglages';
export const SETTINGS_URL = `${BASE}${SETTINGS_BASE}`;

/** One page of the Réglages, as the index lists it. */
export interface SettingsPage {
  path: string;
  title: string;
  description: string;
}

/** The pages of the Réglages, in the order a new carrier fills them. */
export const SETTINGS_PAGES: SettingsPage[] = [
  {
    path: 'devis-complet',
    title: 'Votre devis est-il complet\u00a0?',
    description: 'Chaque mention que la loi demande au devis, si vos réglages la fournissent, et où la renseigner.',
  },
  {
    path: 'entreprise',
    title: 'Entreprise',
    description:
      'Nom, SIRET, adresse, assurance, conditions de paiement et de responsabilité, logo et couleur : ce que portent le devis et les e-mails.',
  },
  {
    path: 'tarifs',
    title: 'Tarifs',
    description: 'Vos prix sans écrire de code\u00a0: TVA, manutention, véhicules, km, étages, portage, jours et saisons.',
  },
  { path: 'simuler', title: 'Simuler', description: 'Le prix d’un trajet d’exemple et du vôtre, avant et après un changement de tarif.' },
  { path: 'versions', title: 'Versions du tarif', description: 'Qui a changé le tarif et quand\u202f; revenir à une version précédente.' },
  {
    path: 'grilles',
    title: 'Grilles tarifaires',
    description: 'Les grilles proposées à vos clients, leurs consignes et, si vous le voulez, leur code de calcul.',
  },
  {
    path: 'catalogue',
    title: 'Catalogue',
    description:
      'Vos objets préférés, proposés d’un clic dans l’ordre que vous choisissez, et vos propres objets à côté du catalogue commun.',
  },
  {
    path: 'options',
    title: 'Options',
    description: 'Emballage, démontage, cartons, assurance ad valorem… ce que vos clients ajoutent sur l’estimation, et son prix HT.',
  },
  {
    path: 'conditions-generales',
    title: 'Conditions générales',
    description: 'Vos conditions générales de déménagement, jointes à chaque devis (un modèle à adapter vous est proposé).',
  },
  {
    path: 'modifications',
    title: 'Modifications par le client',
    description: 'Jusqu’à combien de jours avant le déménagement vos clients modifient leur réservation en ligne.',
  },
  {
    path: 'integration',
    title: 'Intégrer à mon site',
    description:
      'Votre clé publique, les extraits à coller sur vos pages publiques et votre intranet, l’extension WordPress, les sites autorisés.',
  },
  {
    path: 'journal',
    title: 'Journal des changements',
    description: 'Qui a changé quel réglage, l’équipe ou les webhooks, quand, et ce qu’il valait avant.',
  },
];

export function renderSettingsIndex(viewer: Viewer, pages: readonly SettingsPage[] = SETTINGS_PAGES, start = ''): string {
  const items = pages
    .map(
      (entry) =>
        `<li><a href="${SETTINGS_URL}/${entry.path}">${escapeHtml(entry.title)}</a><p class="meta">${escapeHtml(entry.description)}</p></li>`,
    )
    .join('');
  return frame(
    'Réglages',
    `<h1>Réglages</h1><p>Ce que l’entreprise publie et promet à ses clients\u00a0: réservé à ses administrateurs.</p>${start}<ul class="settings-index">${items}</ul>`,
    viewer,
    'reglages',
  );
}

export function renderJournalPage(viewer: Viewer, entries: readonly JournalEntry[]): string {
  const rows = entries
    .map(
      (entry) => `<tr>
<td data-label="Quand"><div class="cell">${escapeHtml(shortDateTime(entry.at))}</div></td>
<td data-label="Qui"><div class="cell">${escapeHtml(entry.user_email)}</div></td>
<td data-label="Réglage"><div class="cell">${escapeHtml(entry.summary)}</div></td>
</tr>`,
    )
    .join('');
  const body =
    entries.length === 0
      ? '<p>Aucun réglage n’a encore été changé.</p>'
      : `<table class="bookings"><caption class="visually-hidden">Changements des réglages, du plus récent au plus ancien</caption><thead><tr><th scope="col">Quand</th><th scope="col">Qui</th><th scope="col">Réglage</th></tr></thead><tbody>${rows}</tbody></table>`;
  return frame(
    'Journal des changements',
    `<p><a href="${SETTINGS_URL}">Réglages</a></p><h1>Journal des changements</h1>${body}`,
    viewer,
    'reglages',
  );
}
