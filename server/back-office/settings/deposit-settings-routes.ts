import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordSettingChange } from '../../db/settings-journal.ts';
import type { SettingsContext, SettingsGuards } from './context.ts';
import { checkDeposit, shownDeposit, typedDeposit, type DepositTyped } from './deposit-settings-form.ts';
import { DEPOSIT_URL, renderDepositPage } from './deposit-settings-page.ts';
import { describeSetting, readDepositSetting, STRIPE_WEBHOOK_PATH, writeDepositSetting } from '../../payments/deposit-settings.ts';

const SAVED: Record<string, string> = {
  acompte: 'Acompte enregistré\u00a0: les devis le demandent dès maintenant.',
  'acompte-retire': 'Acompte retiré\u00a0: les devis n’en demandent plus.',
  'acompte-inchange': 'Rien n’a changé\u00a0: l’acompte était déjà celui-ci.',
};

/** Réglages, Acompte (administrators only, each change with its journal line), when deposits are on. */
export async function depositSettingsRoutes(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards): Promise<void> {
  const { sql, viewerOf, page, publicUrl } = context;
  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: { typed?: DepositTyped; errors?: Map<string, string>; status?: number } = {},
  ) => {
    const done = (request.query as Record<string, unknown>).fait;
    const base = publicUrl ?? `${request.protocol}://${request.host}`;
    return page(
      reply,
      renderDepositPage({
        viewer: viewerOf(request, reply),
        values: state.typed ?? shownDeposit(await readDepositSetting(sql, request.carrier!.companyId)),
        errors: state.errors ?? new Map(),
        message: typeof done === 'string' ? (SAVED[done] ?? null) : null,
        webhookUrl: `${base}${STRIPE_WEBHOOK_PATH}`,
      }),
      state.status,
    );
  };

  office.get('/reglages/acompte', guards.page, async (request, reply) => show(request, reply));

  office.post('/reglages/acompte', guards.form, async (request, reply) => {
    const typed = typedDeposit(request.body);
    const checked = checkDeposit(typed);
    if ('errors' in checked) return show(request, reply, { typed, errors: checked.errors, status: 422 });
    const { companyId, userId, email } = request.carrier!;
    const outcome = await sql.transaction(async (tx) => {
      const before = await readDepositSetting(tx, companyId);
      if (JSON.stringify(before) === JSON.stringify(checked.setting)) return 'acompte-inchange';
      await writeDepositSetting(tx, companyId, checked.setting, new Date().toISOString());
      await recordSettingChange(tx, {
        companyId,
        userId,
        userEmail: email,
        area: 'acompte',
        summary: `Acompte\u00a0: ${describeSetting(before)} → ${describeSetting(checked.setting)}`,
        before,
        after: checked.setting,
      });
      return checked.setting ? 'acompte' : 'acompte-retire';
    });
    return reply.redirect(`${DEPOSIT_URL}?fait=${outcome}`, 303);
  });
}
