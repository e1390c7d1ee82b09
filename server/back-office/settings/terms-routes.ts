import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { readTerms, termsPath, TERMS_MAX_LENGTH, writeTerms } from '../../db/company-terms.ts';
import { recordSettingChange } from '../../db/settings-journal.ts';
import { csrfField, escapeHtml, frame, notice, type Viewer } from '../layout.ts';
import type { SettingsContext, SettingsGuards } from './context.ts';
import { SETTINGS_BASE, SETTINGS_URL } from './pages.ts';
import { TERMS_MODEL, TERMS_MODEL_MARKER } from '../../pages/terms-model.ts';

/** Réglages, Conditions générales: the carrier's general conditions, which every devis links and its PDF carries. */
export const TERMS_URL = `${SETTINGS_URL}/conditions-generales`;

const TermsBody = v.object({
  texte: v.optional(v.pipe(v.string(), v.maxLength(TERMS_MAX_LENGTH + 1000)), ''),
});
const DoneQuery = v.object({ fait: v.optional(v.picklist(['enregistre', 'efface', 'rien'])) });
const DONE: Record<string, string> = {
  enregistre:
    'Conditions générales enregistrées\u00a0: vos devis y renvoient dès maintenant, et un devis déjà envoyé est à accepter de nouveau avec elles.',
  efface: 'Conditions générales effacées\u00a0: vos devis ne renvoient plus qu’à l’adresse web indiquée dans Entreprise, s’il y en a une.',
  rien: 'Rien n’a changé.',
};

function renderTermsPage(viewer: Viewer, companyId: number, text: string, saved: boolean, error: string | null, message: string | null) {
  const model = !saved;
  const body = `<p><a href="${SETTINGS_URL}">Réglages</a></p>
<h1>Conditions générales</h1>
<p>Un devis de déménagement est accompagné des conditions générales du contrat (arrêté du 27 avril 2010, article 1)\u00a0: chacun de vos devis y renvoie, son PDF les reprend en annexe, et l’accord en ligne du client les couvre. Elles sont publiques${saved ? `\u00a0: <a href="${termsPath(companyId)}">les lire comme vos clients</a>` : ''}.</p>
${message ? notice('success', message) : ''}
${model ? notice('info', 'Voici un modèle écrit pour ce logiciel, à adapter à votre entreprise et à faire vérifier par votre conseil\u00a0: rien n’est publié tant que vous n’avez pas enregistré.') : ''}
${text.includes(TERMS_MODEL_MARKER) && saved ? notice('info', 'Vos conditions contiennent encore la première ligne du modèle\u00a0: adaptez-les, faites-les vérifier, puis supprimez-la.') : ''}
${error ? `<div class="notice error" role="alert" id="erreurs"><p>Rien n’est enregistré\u00a0: ${escapeHtml(error)} Ce que vous avez saisi est conservé.</p><ul><li><a href="#f-texte">Texte des conditions</a></li></ul></div>` : ''}
<form method="post" action="${TERMS_URL}" class="card settings-form" novalidate>
${csrfField(viewer.csrf)}
<div class="field${error ? ' invalid' : ''}">
<label for="f-texte">Texte des conditions</label>
<p class="meta" id="f-texte-aide">Un paragraphe par ligne, un titre par ligne courte. ${TERMS_MAX_LENGTH.toLocaleString('fr-FR')}\u00a0caractères au plus. Vide\u00a0: vos conditions sont effacées.</p>
<textarea id="f-texte" name="texte" rows="24" aria-describedby="f-texte-aide"${error ? ' aria-invalid="true"' : ''}>${escapeHtml(text)}</textarea>
</div>
<button type="submit" class="button primary">Enregistrer</button>
</form>`;
  return frame(error ? 'Conditions générales (à corriger)' : 'Conditions générales', body, viewer, 'reglages');
}

export async function termsRoutes(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards): Promise<void> {
  const { sql, viewerOf, page } = context;
  const show = async (request: FastifyRequest, reply: FastifyReply, typed: string | null, error: string | null = null, status = 200) => {
    const companyId = request.carrier!.companyId;
    const stored = await readTerms(sql, companyId);
    const done = v.safeParse(DoneQuery, request.query ?? {});
    const message = status === 200 && done.success && done.output.fait ? DONE[done.output.fait]! : null;
    const text = typed ?? stored?.body ?? TERMS_MODEL;
    return page(reply, renderTermsPage(viewerOf(request, reply), companyId, text, stored !== null, error, message), status);
  };

  office.get(`${SETTINGS_BASE}/conditions-generales`, guards.page, async (request, reply) => show(request, reply, null));

  office.post(`${SETTINGS_BASE}/conditions-generales`, guards.form, async (request, reply) => {
    const parsed = v.safeParse(TermsBody, request.body ?? {});
    const typed = parsed.success ? parsed.output.texte.replace(/\r\n/g, '\n') : '';
    if (!parsed.success || typed.trim().length > TERMS_MAX_LENGTH)
      return show(
        request,
        reply,
        typed.slice(0, TERMS_MAX_LENGTH + 1000),
        `le texte dépasse ${TERMS_MAX_LENGTH.toLocaleString('fr-FR')}\u00a0caractères.`,
        422,
      );
    const text = typed.trim();
    const carrier = request.carrier!;
    const outcome = await sql.transaction(async (tx) => {
      const before = await readTerms(tx, carrier.companyId);
      if ((before?.body ?? '') === text) return 'rien' as const;
      await writeTerms(tx, carrier.companyId, text, new Date().toISOString());
      await recordSettingChange(tx, {
        companyId: carrier.companyId,
        userId: carrier.userId,
        userEmail: carrier.email,
        area: 'conditions',
        summary: `Conditions générales\u00a0: ${text === '' ? 'texte effacé' : 'nouveau texte'}`,
        before: { conditions: before ? `${before.body.length} caractères` : '(aucune)' },
        after: { conditions: text === '' ? '(aucune)' : `${text.length} caractères` },
      });
      return text === '' ? ('efface' as const) : ('enregistre' as const);
    });
    return reply.redirect(`${TERMS_URL}?fait=${outcome}`, 303);
  });
}
