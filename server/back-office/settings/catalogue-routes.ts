import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ownItems, preferredItems, type CatalogueItem } from '../../db/items-repo.ts';
import { deleteOwnItem, insertOwnItem, itemVisibleTo, preferredIds, updateOwnItem, writePreferred } from '../../db/own-items-repo.ts';
import { recordSettingChange } from '../../db/settings-journal.ts';
import type { Sql } from '../../db/sql.ts';
import { HttpError } from '../../http/validation.ts';
import { CATALOGUE_URL, PREFERRED_MAX, renderCataloguePage, renderOwnItemPage } from './catalogue-page.ts';
import type { SettingsContext, SettingsGuards } from './context.ts';
import { FormBodySchema, type FieldError, type FormValues } from './form-fields.ts';
import { ownItemValues, readOwnItem } from './own-item-form.ts';
import { SETTINGS_BASE } from './pages.ts';
import { presetSummaries, presetsRoutes } from './presets-routes.ts';

const IdParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
const MoveParams = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
  move: v.picklist(['monter', 'descendre', 'retirer']),
});
const DoneQuery = v.object({
  fait: v.optional(v.picklist(['objet-ajoute', 'objet-enregistre', 'objet-supprime', 'rien', 'prefere-ajoute', 'preferes'])),
});
const DONE: Record<string, string> = {
  'objet-ajoute': 'Objet ajouté\u00a0: vos clients le trouvent dès maintenant, et le devis le chiffre avec ces valeurs.',
  'objet-enregistre': 'Objet enregistré\u00a0: le devis le chiffre dès maintenant avec ces valeurs.',
  'objet-supprime': 'Objet supprimé\u00a0: vos clients ne le trouvent plus.',
  rien: 'Rien n’a changé.',
  'prefere-ajoute': 'Objet préféré ajouté, en dernier.',
  preferes: 'Objets préférés enregistrés dans cet ordre.',
};

const values = (request: FastifyRequest): FormValues => {
  const parsed = v.safeParse(FormBodySchema, request.body ?? {});
  return parsed.success ? parsed.output : {};
};

/**
 * Catalogue: the company's chips (spec §2's preferred items) in its order, moved one step at
 * a time with buttons (the keyboard's way, without a script), and its own objects beside the
 * shared catalogue, each figure checked before it is saved. The item search of its pages and
 * the quote read these rows at once; every change has its journal line in the same transaction.
 */
export async function catalogueRoutes(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards): Promise<void> {
  const { sql, viewerOf, page } = context;
  const { catalogue } = office;
  const own = async (companyId: number) => (await ownItems(sql, companyId)).map((entry) => entry.item);
  const journal = (request: FastifyRequest, tx: Sql, summary: string, before: unknown, after: unknown) =>
    recordSettingChange(tx, {
      companyId: request.carrier!.companyId,
      userId: request.carrier!.userId,
      userEmail: request.carrier!.email,
      area: 'catalogue',
      summary: `Catalogue, ${summary}`,
      before,
      after,
    });

  const cataloguePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: { refusedItem?: { values: FormValues; errors: FieldError[] }; refusedChip?: { value: string; error: string } } = {},
  ) => {
    const companyId = request.carrier!.companyId;
    const query = v.safeParse(DoneQuery, request.query);
    const fait = query.success ? query.output.fait : undefined;
    const done = fait ? DONE[fait] : undefined;
    const mine = await own(companyId);
    const names = [...new Set([...mine.map((item) => item.name), ...catalogue.sharedEntries().map((item) => item.name)])];
    return page(
      reply,
      renderCataloguePage({
        viewer: viewerOf(request, reply),
        preferred: await preferredItems(sql, companyId),
        own: mine,
        names,
        presets: await presetSummaries(sql, catalogue, companyId),
        message: done ? { kind: fait === 'rien' ? 'info' : 'success', text: done } : null,
        ...state,
      }),
      state.refusedItem || state.refusedChip ? 422 : 200,
    );
  };

  /** The company's own object the URL names; a shared entry or another company's is not found. */
  const ownItemOf = async (request: FastifyRequest): Promise<CatalogueItem> => {
    const params = v.safeParse(IdParams, request.params);
    const item = params.success
      ? (await own(request.carrier!.companyId)).find((candidate) => candidate.id === params.output.id)
      : undefined;
    if (!item) throw new HttpError(404, 'Objet introuvable');
    return item;
  };

  await presetsRoutes(office, context, guards);

  office.get(`${SETTINGS_BASE}/catalogue`, guards.page, async (request, reply) => cataloguePage(request, reply));

  office.post(`${SETTINGS_BASE}/catalogue/objets`, guards.form, async (request, reply) => {
    const companyId = request.carrier!.companyId;
    const typed = values(request);
    const { item, errors } = readOwnItem(typed, await own(companyId));
    if (!item) return cataloguePage(request, reply, { refusedItem: { values: typed, errors } });
    await sql.transaction(async (tx) => {
      const id = await insertOwnItem(tx, companyId, item);
      await journal(request, tx, `objet ajouté\u00a0: «\u202f${item.name}\u202f»`, null, { id, ...item });
    });
    return reply.redirect(`${CATALOGUE_URL}?fait=objet-ajoute`, 303);
  });

  office.get(`${SETTINGS_BASE}/catalogue/objets/:id`, guards.page, async (request, reply) => {
    const item = await ownItemOf(request);
    return page(reply, renderOwnItemPage(viewerOf(request, reply), item, ownItemValues(item), []));
  });

  office.post(`${SETTINGS_BASE}/catalogue/objets/:id`, guards.form, async (request, reply) => {
    const before = await ownItemOf(request);
    const companyId = request.carrier!.companyId;
    const typed = values(request);
    const others = (await own(companyId)).filter((candidate) => candidate.id !== before.id);
    const { item, errors } = readOwnItem(typed, others);
    if (!item) return page(reply, renderOwnItemPage(viewerOf(request, reply), before, typed, errors), 422);
    const unchanged =
      JSON.stringify(ownItemValues(before)) ===
      JSON.stringify(ownItemValues({ ...before, ...item, dimensions_cm: { length: item.length, width: item.width, height: item.height } }));
    if (!unchanged)
      await sql.transaction(async (tx) => {
        if (!(await updateOwnItem(tx, companyId, before.id, item))) return;
        await journal(request, tx, `objet modifié\u00a0: «\u202f${before.name}\u202f»`, before, item);
      });
    return reply.redirect(`${CATALOGUE_URL}?fait=${unchanged ? 'rien' : 'objet-enregistre'}`, 303);
  });

  office.post(`${SETTINGS_BASE}/catalogue/objets/:id/supprimer`, guards.form, async (request, reply) => {
    const item = await ownItemOf(request);
    await sql.transaction(async (tx) => {
      if (!(await deleteOwnItem(tx, request.carrier!.companyId, item.id))) return;
      await journal(request, tx, `objet supprimé\u00a0: «\u202f${item.name}\u202f»`, item, null);
    });
    return reply.redirect(`${CATALOGUE_URL}?fait=objet-supprime`, 303);
  });

  office.post(`${SETTINGS_BASE}/catalogue/preferes`, guards.form, async (request, reply) => {
    const companyId = request.carrier!.companyId;
    const typed = (values(request).nom ?? '').trim();
    const refuse = (error: string) => cataloguePage(request, reply, { refusedChip: { value: typed, error } });
    if (typed === '')
      return refuse('Objet préféré\u00a0: indiquez le nom d’un objet du catalogue, par exemple «\u202fCarton standard\u202f».');
    const entry = catalogue.entryFor({ id: null, name: typed }, await ownItems(sql, companyId));
    if (!entry)
      return refuse(
        `Objet préféré\u00a0: «\u202f${typed.slice(0, 80)}\u202f» n’est ni dans le catalogue ni parmi vos objets. Choisissez un nom proposé.`,
      );
    const ids = await preferredIds(sql, companyId);
    if (ids.includes(entry.id)) return refuse(`Objet préféré\u00a0: «\u202f${entry.name}\u202f» en est déjà un.`);
    if (ids.length >= PREFERRED_MAX) return refuse(`Objets préférés\u00a0: ${PREFERRED_MAX} au plus.`);
    await sql.transaction(async (tx) => {
      await writePreferred(tx, companyId, [...(await preferredIds(tx, companyId)), entry.id]);
      await journal(request, tx, `objet préféré ajouté\u00a0: «\u202f${entry.name}\u202f»`, ids, [...ids, entry.id]);
    });
    return reply.redirect(`${CATALOGUE_URL}?fait=prefere-ajoute#preferes`, 303);
  });

  office.post(`${SETTINGS_BASE}/catalogue/preferes/:id/:move`, guards.form, async (request, reply) => {
    const params = v.safeParse(MoveParams, request.params);
    if (!params.success) throw new HttpError(404, 'Objet préféré introuvable');
    const { id, move } = params.output;
    const companyId = request.carrier!.companyId;
    const changed = await sql.transaction(async (tx) => {
      const ids = await preferredIds(tx, companyId);
      const at = ids.indexOf(id);
      if (at < 0) return null;
      const item = await itemVisibleTo(tx, companyId, id);
      const next = [...ids];
      if (move === 'retirer') next.splice(at, 1);
      else {
        const to = move === 'monter' ? at - 1 : at + 1;
        if (to < 0 || to >= ids.length) return false;
        [next[at], next[to]] = [next[to]!, next[at]!];
      }
      await writePreferred(tx, companyId, next);
      const words = move === 'retirer' ? 'retiré' : move === 'monter' ? 'monté d’un rang' : 'descendu d’un rang';
      await journal(request, tx, `objet préféré «\u202f${item?.name ?? id}\u202f» ${words}`, ids, next);
      return true;
    });
    if (changed === null) throw new HttpError(404, 'Objet préféré introuvable');
    return reply.redirect(`${CATALOGUE_URL}?fait=${changed ? 'preferes' : 'rien'}#preferes`, 303);
  });
}
