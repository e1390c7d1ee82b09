import type { FastifyInstance } from 'fastify';
import { readReferences } from '../../db/company-profile.ts';
import { readTerms } from '../../db/company-terms.ts';
import { escapeHtml, frame, notice, type Viewer } from '../layout.ts';
import type { SettingsContext, SettingsGuards } from './context.ts';
import { devisMentions, type DevisMention } from './devis-completeness.ts';
import { SETTINGS_BASE, SETTINGS_URL } from './pages.ts';

/** Réglages, 'Votre devis est-il complet ?'. */
export const COMPLETENESS_URL = `${SETTINGS_URL}/devis-complet`;

export { missingMentions } from './missing-mentions.ts';

/** The back office's first page says it until every mention is there (bookings-page.ts shows it). */
export function incompleteNotice(missing: readonly DevisMention[]): string | null {
  if (missing.length === 0) return null;
  const count = missing.length === 1 ? 'une mention obligatoire manque' : `${missing.length}\u00a0mentions obligatoires manquent`;
  return `<p class="notice info" role="status">Votre devis est incomplet\u00a0: ${count} (${escapeHtml(missing.map((mention) => mention.mention).join(', '))}). <a href="${COMPLETENESS_URL}">Compléter mon devis</a></p>`;
}

function renderCompletenessPage(viewer: Viewer, mentions: readonly DevisMention[]): string {
  const missing = mentions.filter((mention) => !mention.ok).length;
  const rows = mentions
    .map(
      (mention) => `<tr><th scope="row">${escapeHtml(mention.mention)}<div class="meta">${escapeHtml(mention.why)}</div></th>
<td>${mention.ok ? '<span class="badge state-accepted">Renseignée</span>' : '<span class="badge state-refused">À compléter</span>'}</td>
<td><a href="${SETTINGS_URL}/${mention.where.path}">${escapeHtml(mention.where.label)}</a></td></tr>`,
    )
    .join('\n');
  const body = `<p><a href="${SETTINGS_URL}">Réglages</a></p>
<h1>Votre devis est-il complet\u00a0?</h1>
<p>Un devis de déménagement doit porter certaines mentions, la loi le demande. Le client, la date, les adresses, la distance, le volume et le prix viennent de chaque réservation\u00a0; le reste vient de vos réglages, ci-dessous.</p>
${missing === 0 ? notice('success', 'Votre devis porte toutes les mentions que vos réglages fournissent.') : notice('info', `${missing === 1 ? 'Une mention manque' : `${missing}\u00a0mentions manquent`} à vos devis\u00a0: complétez-les depuis le lien de chaque ligne.`)}
<div class="table-wrap"><table class="settings-table">
<caption>Les mentions du devis qui viennent de vos réglages</caption>
<thead><tr><th scope="col">Mention</th><th scope="col">État</th><th scope="col">Où la renseigner</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
  return frame('Votre devis est-il complet\u00a0?', body, viewer, 'reglages');
}

export async function completenessRoutes(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards): Promise<void> {
  const { sql, viewerOf, page } = context;
  office.get(`${SETTINGS_BASE}/devis-complet`, guards.page, async (request, reply) => {
    const companyId = request.carrier!.companyId;
    const references = (await readReferences(sql, companyId))!;
    return page(reply, renderCompletenessPage(viewerOf(request, reply), devisMentions(references, await readTerms(sql, companyId))));
  });
}
