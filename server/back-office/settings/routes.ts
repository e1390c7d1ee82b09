import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { readJournal } from '../../db/settings-journal.ts';
import { frame } from '../layout.ts';
import type { SettingsContext } from './context.ts';
import { renderJournalPage, renderSettingsIndex, SETTINGS_BASE } from './pages.ts';
import { poolRoutes } from './pools-routes.ts';
import { tariffRoutes } from './tariff-routes.ts';

export type { SettingsContext };

/**
 * The company's Réglages, /espace-transporteur/reglages: for its administrators only. An
 * exploitant who asks for a page, or posts a form by hand, gets a 403 and nothing changes.
 */
export async function settingsRoutes(office: FastifyInstance, context: SettingsContext): Promise<void> {
  const { sql, signedIn, viewerOf, page } = context;
  const administratorsOnly: preHandlerAsyncHookHandler = async (request, reply) => {
    if (request.carrier?.role === 'administrateur') return;
    await page(
      reply,
      frame(
        'Réservé aux administrateurs',
        '<h1>Réservé aux administrateurs</h1><p>Les réglages de l’entreprise sont réservés à ses administrateurs\u00a0: rien n’a été changé. Demandez à l’un d’eux.</p>',
        request.carrier ? viewerOf(request, reply) : null,
      ),
      403,
    );
  };
  const administrator = { preHandler: [signedIn, administratorsOnly] };
  // A form: the session, the role, then its token (CSRF); a refusal at any step changes nothing.
  const administratorForm = { preHandler: [signedIn, administratorsOnly, office.csrfProtection as preHandlerAsyncHookHandler] };

  office.get(SETTINGS_BASE, administrator, async (request, reply) => page(reply, renderSettingsIndex(viewerOf(request, reply))));

  office.get(`${SETTINGS_BASE}/journal`, administrator, async (request, reply) => {
    const entries = await readJournal(sql, request.carrier!.companyId);
    return page(reply, renderJournalPage(viewerOf(request, reply), entries));
  });

  await tariffRoutes(office, context, { page: administrator, form: administratorForm });
  await poolRoutes(office, context, { page: administrator, form: administratorForm });
}
