import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Sql } from '../../db/sql.ts';
import { readJournal } from '../../db/settings-journal.ts';
import { frame, type Viewer } from '../layout.ts';
import { renderJournalPage, renderSettingsIndex, SETTINGS_BASE } from './pages.ts';

/** What the Réglages read of the back office they are part of. */
export interface SettingsContext {
  sql: Sql;
  /** A page or form that needs a session (the back office's). */
  signedIn: preHandlerAsyncHookHandler;
  viewerOf: (request: FastifyRequest, reply: FastifyReply) => Viewer;
  page: (reply: FastifyReply, html: string, status?: number) => FastifyReply;
}

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

  office.get(SETTINGS_BASE, administrator, async (request, reply) => page(reply, renderSettingsIndex(viewerOf(request, reply))));

  office.get(`${SETTINGS_BASE}/journal`, administrator, async (request, reply) => {
    const entries = await readJournal(sql, request.carrier!.companyId);
    return page(reply, renderJournalPage(viewerOf(request, reply), entries));
  });
}
