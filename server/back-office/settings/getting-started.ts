import type { Sql } from '../../db/sql.ts';
import { companyOptions } from '../../db/options-repo.ts';
import { keySettings } from '../../db/carrier-keys.ts';
import { listMembers } from '../../db/team-repo.ts';
import { currentTariff } from '../../db/tariffs-repo.ts';
import { escapeHtml } from '../layout.ts';
import { TEAM_URL } from '../team/links.ts';
import { missingMentions } from './missing-mentions.ts';
import { SETTINGS_URL } from './pages.ts';

/** One step of a new carrier's first hour: done or not, and where it is done. */
export interface StartStep {
  title: string;
  done: boolean;
  /** What is left, said when the step is not done. */
  todo: string;
  href: string;
  action: string;
}

/**
 * A new carrier's first hour (issue 55, point 12), read from its records now: a devis the law
 * would pass, its own prices, what its customers may add, its pages on its site, its team. Each
 * step leads to the page that does it; the Réglages show them with the progress until all are done.
 */
export async function startSteps(sql: Sql, companyId: number): Promise<StartStep[]> {
  const [missing, tariff, options, key, members] = await Promise.all([
    missingMentions(sql, companyId),
    currentTariff(sql, companyId),
    companyOptions(sql, companyId),
    keySettings(sql, companyId),
    listMembers(sql, companyId),
  ]);
  return [
    {
      title: 'Entreprise et devis',
      done: missing.length === 0,
      todo: `${missing.length}\u00a0mention${missing.length > 1 ? 's' : ''} obligatoire${missing.length > 1 ? 's' : ''} manque${missing.length > 1 ? 'nt' : ''} à votre devis.`,
      href: `${SETTINGS_URL}/devis-complet`,
      action: 'Compléter mon devis',
    },
    {
      title: 'Vos tarifs',
      done: tariff.version !== null,
      todo: 'Vos pages chiffrent au tarif par défaut\u00a0: enregistrez le vôtre, puis simulez un trajet.',
      href: `${SETTINGS_URL}/tarifs`,
      action: 'Écrire mes tarifs',
    },
    {
      title: 'Options',
      done: options.length > 0,
      todo: 'Aucune option\u00a0: emballage, démontage ou assurance, que vos clients ajoutent à l’estimation.',
      href: `${SETTINGS_URL}/options`,
      action: 'Proposer des options',
    },
    {
      title: 'Votre site',
      done: key.allowedOrigins.length > 0,
      todo: 'Aucun site autorisé\u00a0: collez l’extrait sur votre site, essayez-le sur votre page d’essai.',
      href: `${SETTINGS_URL}/integration`,
      action: 'Intégrer à mon site',
    },
    {
      title: 'Votre équipe',
      done: members.length > 1,
      todo: 'Vous êtes seul sur cet espace\u00a0: invitez vos exploitants.',
      href: TEAM_URL,
      action: 'Inviter mon équipe',
    },
  ];
}

/** The checklist above the Réglages, with its progress; nothing once every step is done. */
export function renderStartSteps(steps: readonly StartStep[]): string {
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return '';
  const items = steps
    .map((step) =>
      step.done
        ? `<li class="done"><span class="badge signed">Fait</span> ${escapeHtml(step.title)}</li>`
        : `<li><strong>${escapeHtml(step.title)}</strong>\u00a0: ${escapeHtml(step.todo)} <a href="${step.href}">${escapeHtml(step.action)}</a></li>`,
    )
    .join('');
  return `<section class="card start-steps" aria-labelledby="mise-en-route"><h2 id="mise-en-route">Mise en route</h2>
<p><label for="progression">${done} étape${done > 1 ? 's' : ''} sur ${steps.length}</label> <progress id="progression" max="${steps.length}" value="${done}">${done} sur ${steps.length}</progress></p>
<ol class="start-list">${items}</ol></section>`;
}
