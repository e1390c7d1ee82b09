import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { newBookingMailOf, setNewBookingMail } from '../db/alert-preferences.ts';
import type { SettingsContext } from './settings/context.ts';
import { BASE, csrfField, escapeHtml, frame, notice, type Viewer } from './layout.ts';

/** Where each person chooses their alerts: their own page of their account (Mon compte). */
export const ALERTS_PATH = `${BASE}/compte/alertes`;

const AlertsForm = v.object({ nouvelle_reservation: v.optional(v.picklist(['oui']), undefined) });

export function renderAlertsPage(viewer: Viewer, on: boolean, mailOn: boolean, saved: boolean): string {
  const body = `
<p><a href="${BASE}/reservations">Retour aux réservations</a></p>
<h1>Mes alertes</h1>
${saved ? notice('success', on ? 'Alerte activée\u00a0: vous recevrez un e-mail à chaque nouvelle réservation.' : 'Alerte désactivée\u00a0: vous ne recevrez plus d’e-mail à chaque nouvelle réservation.') : ''}
${mailOn ? '' : notice('info', 'Ce serveur n’envoie pas d’e-mails pour le moment (SMTP non configuré)\u00a0: votre choix est gardé pour quand il en enverra.')}
<form method="post" action="${ALERTS_PATH}" class="card settings-form">${csrfField(viewer.csrf)}
<fieldset class="choice"><legend>Nouvelles réservations</legend>
<label class="check"><input type="checkbox" name="nouvelle_reservation" value="oui"${on ? ' checked' : ''} aria-describedby="alerte-aide"> Recevoir un e-mail à chaque nouvelle réservation</label>
<p id="alerte-aide" class="help">Envoyé à ${escapeHtml(viewer.email)}, avec le lien de la réservation, et aussi quand une réservation attend de nouveau votre réponse (le client l’a modifiée après votre acceptation, ou a refusé l’autre date proposée). Ce choix ne vaut que pour vous\u00a0: chaque personne de l’équipe choisit le sien.</p>
</fieldset>
<div class="form-actions"><button type="submit" class="button primary">Enregistrer</button></div>
</form>`;
  return frame('Mes alertes', body, viewer, null);
}

/** GET and POST /espace-transporteur/compte/alertes: the signed-in person's own choice, for administrators and exploitants alike. */
export function alertsRoutes(office: FastifyInstance, context: SettingsContext & { mailOn: boolean }): void {
  const { sql, signedIn, csrf, viewerOf, page, mailOn } = context;
  office.get('/compte/alertes', { preHandler: signedIn }, async (request, reply) => {
    const on = await newBookingMailOf(sql, request.carrier!.userId);
    const saved = (request.query as Record<string, unknown>).fait === '1';
    return page(reply, renderAlertsPage(viewerOf(request, reply), on, mailOn, saved));
  });
  office.post('/compte/alertes', { preHandler: [signedIn, csrf] }, async (request, reply) => {
    const form = v.safeParse(AlertsForm, request.body ?? {});
    if (!form.success) {
      const on = await newBookingMailOf(sql, request.carrier!.userId);
      return page(reply, renderAlertsPage(viewerOf(request, reply), on, mailOn, false), 422);
    }
    await setNewBookingMail(sql, request.carrier!.userId, form.output.nouvelle_reservation === 'oui');
    return reply.redirect(`${ALERTS_PATH}?fait=1`, 303);
  });
}
