import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { findLogo, readReferences, removeLogo, saveLogo, writeReferences } from '../../db/company-profile.ts';
import { readJournal, recordSettingChange } from '../../db/settings-journal.ts';
import { administratorsOnly as administratorsOnlyGuard } from '../administrators-only.ts';
import { checkReferences, referenceChanges, shownReferences, storedReferences, typedReferences } from './company-form.ts';
import { COMPANY_URL, renderCompanyPage } from './company-page.ts';
import { checkLogo, fileSize, LOGO_MAX_BYTES, TOO_HEAVY } from './logo-image.ts';
import { renderJournalPage, renderSettingsIndex, SETTINGS_BASE, SETTINGS_PAGES } from './pages.ts';
import { depositSettingsRoutes } from './deposit-settings-routes.ts';
import { withDepositPage } from './deposit-settings-page.ts';
import { renderStartSteps, startSteps } from './getting-started.ts';
import { INTEGRATION_URL, mapChoiceOf, renderIntegrationPage } from './integration-page.ts';
import { keySettings, parseAllowedOrigins, replacePublicKey, setAllowedOrigins } from '../../db/carrier-keys.ts';
import { generateToken, hashToken } from '../../security/tokens.ts';

import type { SettingsContext } from './context.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { optionRoutes } from './options-routes.ts';
import { editsRoutes } from './edits-routes.ts';
import { termsRoutes } from './terms-routes.ts';
import { completenessRoutes } from './completeness-routes.ts';
import { poolRoutes } from './pools-routes.ts';
import { tariffRoutes } from './tariff-routes.ts';

export type { SettingsContext };

/** What each saved change says once its page is shown again (Post/Redirect/Get). */
const SAVED: Record<string, string> = {
  entreprise: 'Références enregistrées\u00a0: le devis, les e-mails et vos pages les montrent dès maintenant.',
  'entreprise-inchangee': 'Rien n’a changé\u00a0: les références étaient déjà celles-ci.',
  logo: 'Logo enregistré\u00a0: il figure en tête des devis.',
  'logo-retire': 'Logo retiré.',
  cle: 'Nouvelle clé enregistrée\u00a0: l’ancienne ne fonctionne plus. Mettez la nouvelle sur chacune de vos pages publiques.',
  sites: 'Sites autorisés enregistrés\u00a0: ils s’appliquent dès maintenant.',
};
const LOGO_REFUSALS: Record<string, string> = { 'trop-lourd': TOO_HEAVY(null) };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Where a body past the size limit leads back to (a back-office form), instead of a JSON 413 (app.ts). */
    tooLargeRedirect?: string;
  }
}

/** Where a refused upload (too heavy to be read) leads back to, with its reason. */
export const LOGO_TOO_LARGE_URL = `${COMPANY_URL}?logo=trop-lourd`;

const query = (request: FastifyRequest, name: string): string | null => {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
};

/**
 * The company's Réglages, /espace-transporteur/reglages: for its administrators only. An
 * exploitant who asks for a page, or posts a form by hand, gets a 403 and nothing changes.
 * Every form carries the session's form token, and every change is written with its journal
 * line in one transaction.
 */
export async function settingsRoutes(office: FastifyInstance, context: SettingsContext): Promise<void> {
  const kit = settingsRoutesKit(office, context);
  await companySettingsRoutes(office, kit);
  integrationRoutes(office, kit);
  await settingsSectionRoutes(office, kit);
}

/** What every group of settingsRoutes shares: the context, its guards and helpers. */
function settingsRoutesKit(office: FastifyInstance, context: SettingsContext) {
  const { sql, signedIn, csrf, viewerOf, page, publicUrl } = context;
  const administratorsOnly = administratorsOnlyGuard('Les réglages de l’entreprise sont réservés', viewerOf, page);
  const administrator = { preHandler: [signedIn, administratorsOnly] };
  /** A form: the session, then its token (a page of another site cannot post it), then the role. */
  const administratorForm = { preHandler: [signedIn, csrf as preHandlerAsyncHookHandler, administratorsOnly] };
  const who = (request: FastifyRequest) => {
    const carrier = request.carrier!;
    return { companyId: carrier.companyId, userId: carrier.userId, userEmail: carrier.email };
  };
  return { sql, signedIn, csrf, viewerOf, page, publicUrl, administratorsOnly, administrator, administratorForm, who, context };
}
type SettingsRoutesKit = ReturnType<typeof settingsRoutesKit>;

async function companySettingsRoutes(office: FastifyInstance, kit: SettingsRoutesKit): Promise<void> {
  const { sql, viewerOf, page, administrator, administratorForm, who } = kit;

  office.get(SETTINGS_BASE, administrator, async (request, reply) => {
    const pages = office.deposits.enabled ? withDepositPage(SETTINGS_PAGES) : SETTINGS_PAGES;
    // A new carrier's first hour, with its progress, until every step is done (issue 55, point 12).
    const start = renderStartSteps(await startSteps(sql, request.carrier!.companyId));
    return page(reply, renderSettingsIndex(viewerOf(request, reply), pages, start));
  });

  office.get(`${SETTINGS_BASE}/journal`, administrator, async (request, reply) => {
    const entries = await readJournal(sql, request.carrier!.companyId);
    return page(reply, renderJournalPage(viewerOf(request, reply), entries));
  });

  // Entreprise: the references the devis, the e-mails and the pages print.
  const companyPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: { typed?: ReturnType<typeof typedReferences>; errors?: Map<string, string>; logoError?: string | null; status?: number },
  ) => {
    const companyId = request.carrier!.companyId;
    const stored = (await readReferences(sql, companyId))!;
    const done = query(request, 'fait');
    return page(
      reply,
      renderCompanyPage({
        viewer: viewerOf(request, reply),
        values: state.typed ?? shownReferences(stored),
        errors: state.errors ?? new Map(),
        logo: await findLogo(sql, companyId),
        logoError: state.logoError ?? LOGO_REFUSALS[query(request, 'logo') ?? ''] ?? null,
        message: done ? (SAVED[done] ?? null) : null,
      }),
      state.status,
    );
  };

  office.get(`${SETTINGS_BASE}/entreprise`, administrator, async (request, reply) => companyPage(request, reply, {}));

  office.post(`${SETTINGS_BASE}/entreprise`, administratorForm, async (request, reply) => {
    const typed = typedReferences(request.body);
    const checked = checkReferences(typed);
    if ('errors' in checked) return companyPage(request, reply, { typed, errors: checked.errors, status: 422 });
    const { companyId, userId, userEmail } = who(request);
    const changed = await sql.transaction(async (tx) => {
      const before = (await readReferences(tx, companyId))!;
      const changes = referenceChanges(before, checked.references);
      if (changes.length === 0) return false;
      await writeReferences(tx, companyId, { ...before, ...storedReferences(checked.references) });
      for (const change of changes)
        await recordSettingChange(tx, {
          companyId,
          userId,
          userEmail,
          area: 'entreprise',
          summary: change.summary,
          before: { [change.field]: change.before },
          after: { [change.field]: change.after },
        });
      return true;
    });
    return reply.redirect(`${COMPANY_URL}?fait=${changed ? 'entreprise' : 'entreprise-inchangee'}`, 303);
  });

  // The logo: a form of its own (multipart, read only here), so a refused file costs nothing typed.
  await office.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 6 },
    });
    // A file past the limit is refused while it is read, before the session is: the page says why.
    upload.setErrorHandler(async (error: Error & { code?: string }, _request, reply) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') return reply.redirect(LOGO_TOO_LARGE_URL, 303);
      throw error;
    });
    const logoForm = { ...administratorForm, config: { tooLargeRedirect: LOGO_TOO_LARGE_URL } };
    upload.post(`${SETTINGS_BASE}/entreprise/logo`, logoForm, async (request, reply) => {
      const file = (request.body as Record<string, unknown> | undefined)?.logo;
      const bytes = Buffer.isBuffer(file) ? file : Buffer.alloc(0);
      const checked = checkLogo(bytes);
      if ('problem' in checked) return companyPage(request, reply, { logoError: checked.problem, status: 422 });
      const { companyId, userId, userEmail } = who(request);
      const { logo } = checked;
      await sql.transaction(async (tx) => {
        const before = await findLogo(tx, companyId);
        const saved = await saveLogo(tx, companyId, logo, bytes, new Date().toISOString());
        await recordSettingChange(tx, {
          companyId,
          userId,
          userEmail,
          area: 'entreprise',
          summary: `Entreprise, Logo\u00a0: ${before ? 'remplacé' : 'ajouté'} (${logo.contentType === 'image/png' ? 'PNG' : 'JPEG'}, ${logo.width}\u00a0×\u00a0${logo.height}\u00a0pixels, ${fileSize(bytes.length)})`,
          before: before ? { logo: before.hash } : null,
          after: { logo: saved.hash },
        });
      });
      return reply.redirect(`${COMPANY_URL}?fait=logo`, 303);
    });
  });

  office.post(`${SETTINGS_BASE}/entreprise/logo/retirer`, administratorForm, async (request, reply) => {
    const { companyId, userId, userEmail } = who(request);
    await sql.transaction(async (tx) => {
      const before = await findLogo(tx, companyId);
      if (!before || !(await removeLogo(tx, companyId))) return;
      await recordSettingChange(tx, {
        companyId,
        userId,
        userEmail,
        area: 'entreprise',
        summary: 'Entreprise, Logo\u00a0: retiré',
        before: { logo: before.hash },
        after: null,
      });
    });
    return reply.redirect(`${COMPANY_URL}?fait=logo-retire`, 303);
  });
}

function integrationRoutes(office: FastifyInstance, kit: SettingsRoutesKit): void {
  const { sql, viewerOf, page, publicUrl, administrator, administratorForm, who } = kit;
  // Intégrer à mon site: the key, the snippets, the WordPress values, the sites allowed, the test page.
  const base = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;
  const integrationPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: { typedOrigins?: string; originsError?: string; newToken?: string; status?: number } = {},
  ) => {
    const companyId = request.carrier!.companyId;
    const settings = await keySettings(sql, companyId);
    const references = await readReferences(sql, companyId);
    const done = query(request, 'fait');
    return page(
      reply,
      renderIntegrationPage({
        viewer: viewerOf(request, reply),
        base: base(request),
        publicKey: settings.publicKey ?? '',
        allowedOrigins: settings.allowedOrigins,
        brandColour: references?.brand_color ?? '',
        maps: mapChoiceOf((request.query as Record<string, unknown> | undefined)?.carte),
        ...state,
        message: done ? (SAVED[done] ?? null) : null,
      }),
      state.status,
    );
  };

  office.get(`${SETTINGS_BASE}/integration`, administrator, async (request, reply) => integrationPage(request, reply));

  office.post(`${SETTINGS_BASE}/integration/cle`, administratorForm, async (request, reply) => {
    const { companyId, userId, userEmail } = who(request);
    await sql.transaction(async (tx) => {
      const before = await keySettings(tx, companyId);
      const key = await replacePublicKey(tx, companyId);
      await recordSettingChange(tx, {
        companyId,
        userId,
        userEmail,
        area: 'integration',
        summary: 'Intégration, Clé publique\u00a0: remplacée (l’ancienne ne fonctionne plus)',
        before: { public_key: before.publicKey },
        after: { public_key: key },
      });
    });
    return reply.redirect(`${INTEGRATION_URL}?fait=cle`, 303);
  });

  office.post(`${SETTINGS_BASE}/integration/sites`, administratorForm, async (request, reply) => {
    const typed = (request.body as Record<string, unknown> | undefined)?.sites;
    const text = typeof typed === 'string' ? typed.slice(0, 5000) : '';
    const parsed = parseAllowedOrigins(text);
    if ('problem' in parsed) return integrationPage(request, reply, { typedOrigins: text, originsError: parsed.problem, status: 422 });
    const { companyId, userId, userEmail } = who(request);
    await sql.transaction(async (tx) => {
      const before = (await keySettings(tx, companyId)).allowedOrigins;
      if (JSON.stringify(before) === JSON.stringify(parsed.origins)) return;
      await setAllowedOrigins(tx, companyId, parsed.origins);
      const list = (origins: string[]) => (origins.length === 0 ? '(aucun, tout site)' : origins.join(', '));
      await recordSettingChange(tx, {
        companyId,
        userId,
        userEmail,
        area: 'integration',
        summary: `Intégration, Sites autorisés\u00a0: ${list(before)} → ${list(parsed.origins)}`,
        before: { allowed_origins: before },
        after: { allowed_origins: parsed.origins },
      });
    });
    return reply.redirect(`${INTEGRATION_URL}?fait=sites`, 303);
  });

  // A new company token, shown once in the intranet snippet (kept only as its hash, like the first).
  office.post(`${SETTINGS_BASE}/integration/jeton`, administratorForm, async (request, reply) => {
    const { companyId, userId, userEmail } = who(request);
    const token = generateToken();
    await sql.transaction(async (tx) => {
      await tx.run('UPDATE companies SET token_hash = ? WHERE id = ?', [hashToken(token), companyId]);
      await recordSettingChange(tx, {
        companyId,
        userId,
        userEmail,
        area: 'integration',
        summary: 'Intégration, Jeton d’entreprise\u00a0: remplacé (l’ancien ne fonctionne plus)',
        before: null,
        after: null,
      });
    });
    return integrationPage(request, reply, { newToken: token });
  });
}

async function settingsSectionRoutes(office: FastifyInstance, kit: SettingsRoutesKit): Promise<void> {
  const { administrator, administratorForm, context } = kit;
  // Tarifs, Simuler, Versions and Grilles.
  await tariffRoutes(office, context, { page: administrator, form: administratorForm });
  await poolRoutes(office, context, { page: administrator, form: administratorForm });
  await catalogueRoutes(office, context, { page: administrator, form: administratorForm });
  await optionRoutes(office, context, { page: administrator, form: administratorForm });
  await editsRoutes(office, context, { page: administrator, form: administratorForm });
  await termsRoutes(office, context, { page: administrator, form: administratorForm });
  await completenessRoutes(office, context, { page: administrator, form: administratorForm });
  // Acompte: only when the server can take payments (Stripe's secrets set).
  if (office.deposits.enabled) await depositSettingsRoutes(office, context, { page: administrator, form: administratorForm });
}
