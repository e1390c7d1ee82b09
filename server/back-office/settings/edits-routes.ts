import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { EDIT_CLOSE_DAYS_DEFAULT, EDIT_CLOSE_DAYS_MAX } from 'transport-quote-wizard/domain';
import { editCloseDays, setEditCloseDays } from '../../db/customer-follow.ts';
import { recordSettingChange } from '../../db/settings-journal.ts';
import { csrfField, frame, notice, type Viewer } from '../layout.ts';
import type { SettingsContext, SettingsGuards } from './context.ts';
import { FormBodySchema, FormReader, input, type FieldError, type FormValues } from './form-fields.ts';
import { SETTINGS_BASE, SETTINGS_URL } from './pages.ts';

/** Réglages, Modifications: how many days before the move a customer may still change a booking online. */
export const EDITS_URL = `${SETTINGS_URL}/modifications`;
const DoneQuery = v.object({ fait: v.optional(v.picklist(['enregistre', 'rien'])) });
const DONE: Record<string, string> = {
  enregistre: 'Délai enregistré\u00a0: il vaut dès maintenant pour toutes vos réservations.',
  rien: 'Rien n’a changé.',
};

const days = (count: number) =>
  count === 0 ? 'jusqu’à la veille du déménagement' : `${count}\u00a0jour${count > 1 ? 's' : ''} avant le déménagement`;

function renderEditsPage(viewer: Viewer, values: FormValues, errors: readonly FieldError[], message: string | null): string {
  const body = `<p><a href="${SETTINGS_URL}">Réglages</a></p>
<h1>Modifications par le client</h1>
<p>Vos clients modifient leur réservation avec le lien de leur e-mail (adresses, objets, date)\u00a0; une réservation acceptée puis modifiée revient vers vous, à son nouveau prix, pour être acceptée de nouveau. Passé ce délai, le lien ne modifie plus rien\u00a0: le client vous appelle.</p>
${message ? notice('success', message) : ''}
${errors.length > 0 ? `<div class="notice error" role="alert" id="erreurs"><p>Rien n’est enregistré\u00a0: un champ à corriger. Ce que vous avez saisi est conservé.</p><ul><li><a href="#f-jours">Délai</a></li></ul></div>` : ''}
<form method="post" action="${EDITS_URL}" class="card settings-form" novalidate>
${csrfField(viewer.csrf)}
${input({
  name: 'jours',
  label: 'Délai',
  unit: 'jours avant le déménagement',
  kind: 'numeric',
  size: 3,
  values,
  errors,
  help: `Entre 0 (jusqu’à la veille) et ${EDIT_CLOSE_DAYS_MAX}\u00a0jours. Les modifications ferment à minuit, ce nombre de jours avant le jour du déménagement. Par défaut\u00a0: ${EDIT_CLOSE_DAYS_DEFAULT}.`,
})}
<button type="submit" class="button primary">Enregistrer</button>
</form>`;
  return frame(errors.length > 0 ? 'Modifications par le client (à corriger)' : 'Modifications par le client', body, viewer, 'reglages');
}

export async function editsRoutes(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards): Promise<void> {
  const { sql, viewerOf, page } = context;
  const show = async (request: FastifyRequest, reply: FastifyReply, typed: FormValues | null, errors: FieldError[] = [], status = 200) => {
    const stored = await editCloseDays(sql, request.carrier!.companyId);
    const done = v.safeParse(DoneQuery, request.query ?? {});
    const message = status === 200 && done.success && done.output.fait ? DONE[done.output.fait]! : null;
    return page(reply, renderEditsPage(viewerOf(request, reply), typed ?? { jours: String(stored) }, errors, message), status);
  };

  office.get(`${SETTINGS_BASE}/modifications`, guards.page, async (request, reply) => show(request, reply, null));

  office.post(`${SETTINGS_BASE}/modifications`, guards.form, async (request, reply) => {
    const values = v.parse(FormBodySchema, request.body ?? {});
    const reader = new FormReader(values);
    const count = reader.number('jours', {
      label: 'Délai',
      min: 0,
      max: EDIT_CLOSE_DAYS_MAX,
      integer: true,
      example: String(EDIT_CLOSE_DAYS_DEFAULT),
    });
    if (count === null) return show(request, reply, { jours: values.jours ?? '' }, reader.errors, 422);
    const carrier = request.carrier!;
    const changed = await sql.transaction(async (tx) => {
      const before = await editCloseDays(tx, carrier.companyId);
      if (before === count) return false;
      await setEditCloseDays(tx, carrier.companyId, count);
      await recordSettingChange(tx, {
        companyId: carrier.companyId,
        userId: carrier.userId,
        userEmail: carrier.email,
        area: 'modifications',
        summary: `Modifications par le client, Délai\u00a0: ${days(before)} → ${days(count)}`,
        before: { edit_close_days: before },
        after: { edit_close_days: count },
      });
      return true;
    });
    return reply.redirect(`${EDITS_URL}?fait=${changed ? 'enregistre' : 'rien'}`, 303);
  });
}
