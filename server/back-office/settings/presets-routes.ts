import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  FURNISHINGS,
  HOME_SIZES,
  MAX_QUANTITY,
  PRESET_LINES_MAX,
  presetLines,
  presetVolume,
  type Furnishing,
  type HomeSize,
} from 'transport-quote-wizard/domain';
import { ownItems, type CatalogueItem, type ItemCatalogue } from '../../db/items-repo.ts';
import { editedPresets, presetLinesOf, writePresetLines } from '../../db/presets-repo.ts';
import { recordSettingChange } from '../../db/settings-journal.ts';
import type { Sql } from '../../db/sql.ts';
import { HttpError } from '../../http/validation.ts';
import type { SettingsContext, SettingsGuards } from './context.ts';
import { FormBodySchema, FormReader, type FieldError, type FormValues } from './form-fields.ts';
import { SETTINGS_BASE } from './pages.ts';
import {
  countField,
  FURNISHING_SLUGS,
  presetName,
  presetUrl,
  renderPresetPage,
  SIZE_SLUGS,
  type PresetSummary,
  type ShownLine,
} from './presets-page.ts';

const bySlug = <T extends string>(slugs: Record<T, string>) =>
  Object.fromEntries(Object.entries(slugs).map(([value, slug]) => [slug, value])) as Record<string, T>;
const SIZES_BY_SLUG = bySlug(SIZE_SLUGS);
const FURNISHINGS_BY_SLUG = bySlug(FURNISHING_SLUGS);

const PresetParams = v.object({
  logement: v.picklist(Object.values(SIZE_SLUGS)),
  ameublement: v.picklist(Object.values(FURNISHING_SLUGS)),
});
const LineParams = v.object({ ...PresetParams.entries, id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
const DoneQuery = v.object({
  fait: v.optional(v.picklist(['nombres', 'ajoute', 'retire', 'livre', 'rien'])),
});
const DONE: Record<string, string> = {
  nombres: 'Nombres enregistrés\u00a0: vos clients ont cet inventaire dès maintenant.',
  ajoute: 'Objet ajouté à l’inventaire, en dernier.',
  retire: 'Objet retiré de l’inventaire.',
  livre: 'Inventaire livré rétabli\u00a0: vos clients le retrouvent.',
  rien: 'Rien n’a changé.',
};
const LAST_LINE =
  'Un inventaire type garde au moins un objet\u00a0: pour repartir de celui livré avec le formulaire, choisissez «\u202fRevenir à l’inventaire livré\u202f».';

const values = (request: FastifyRequest): FormValues => {
  const parsed = v.safeParse(FormBodySchema, request.body ?? {});
  return parsed.success ? parsed.output : {};
};
/** The shipped preset's lines as entries of the shared catalogue (by name: the seed gives no fixed id). */
function shippedPresetLines(catalogue: ItemCatalogue, size: HomeSize, furnishing: Furnishing): ShownLine[] {
  return presetLines(size, furnishing).flatMap(({ name, quantity }) => {
    const item = catalogue.entryFor({ id: null, name }, []);
    return item ? [{ item, quantity }] : [];
  });
}

/** The Catalogue page's section: every home, its volume, whose preset it is. */
export async function presetSummaries(sql: Sql, catalogue: ItemCatalogue, companyId: number): Promise<PresetSummary[]> {
  const edited = await editedPresets(sql, companyId);
  const summaries: PresetSummary[] = [];
  for (const size of HOME_SIZES)
    for (const furnishing of FURNISHINGS) {
      const own = edited.has(`${size}|${furnishing}`);
      const lines = own ? await presetLinesOf(sql, companyId, size, furnishing) : shippedPresetLines(catalogue, size, furnishing);
      summaries.push({
        size,
        furnishing,
        own,
        volume: presetVolume(lines.map((line) => ({ volume: line.item.volume, quantity: line.quantity }))),
      });
    }
  return summaries;
}

const countRule = (name: string) => ({ label: `Nombre de «\u202f${name}\u202f»`, min: 1, max: MAX_QUANTITY, integer: true });

/**
 * The carrier's preset inventories (issue 45), under its Catalogue: for each home's size and
 * furnishing, the shipped preset until the carrier changes it, then its own lines (catalogue
 * entries and its own objects, each with a count). The first change writes the whole preset as
 * its own; 'Revenir à l’inventaire livré' deletes it. Every change has its journal line.
 */
export async function presetsRoutes(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards): Promise<void> {
  const kit = presetsRoutesKit(office, context, guards);
  presetPageRoutes(office, kit);
  presetLineRoutes(office, kit);
}

/** What every group of presetsRoutes shares. */
function presetsRoutesKit(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards) {
  const { sql, viewerOf, page } = context;
  const catalogue: ItemCatalogue = office.catalogue;

  const presetOf = (request: FastifyRequest): { size: HomeSize; furnishing: Furnishing } => {
    const params = v.safeParse(PresetParams, request.params);
    if (!params.success) throw new HttpError(404, 'Inventaire type introuvable');
    return { size: SIZES_BY_SLUG[params.output.logement]!, furnishing: FURNISHINGS_BY_SLUG[params.output.ameublement]! };
  };

  const shippedLines = (size: HomeSize, furnishing: Furnishing) => shippedPresetLines(catalogue, size, furnishing);

  /** The preset as the carrier's clients get it: its own lines, else the shipped ones. */
  const linesOf = async (tx: Sql, companyId: number, size: HomeSize, furnishing: Furnishing) => {
    const own = await presetLinesOf(tx, companyId, size, furnishing);
    return own.length > 0 ? { own: true, lines: own as ShownLine[] } : { own: false, lines: shippedLines(size, furnishing) };
  };

  const journal = (
    request: FastifyRequest,
    tx: Sql,
    size: HomeSize,
    furnishing: Furnishing,
    summary: string,
    before: unknown,
    after: unknown,
  ) =>
    recordSettingChange(tx, {
      companyId: request.carrier!.companyId,
      userId: request.carrier!.userId,
      userEmail: request.carrier!.email,
      area: 'catalogue',
      summary: `Catalogue, inventaire type ${presetName(size, furnishing)}\u00a0: ${summary}`,
      before,
      after,
    });
  const asRows = (lines: readonly ShownLine[]) => lines.map((line) => ({ itemId: line.item.id, quantity: line.quantity }));
  const asJournal = (lines: readonly ShownLine[]) => lines.map((line) => ({ objet: line.item.name, nombre: line.quantity }));

  const presetPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: {
      refusedCounts?: { values: FormValues; errors: FieldError[] };
      refusedAdd?: { values: FormValues; errors: FieldError[] };
      refusal?: string;
    } = {},
  ) => {
    const { size, furnishing } = presetOf(request);
    const companyId = request.carrier!.companyId;
    const { own, lines } = await linesOf(sql, companyId, size, furnishing);
    const query = v.safeParse(DoneQuery, request.query);
    const fait = query.success ? query.output.fait : undefined;
    const mine = (await ownItems(sql, companyId)).map((entry) => entry.item.name);
    const names = [...new Set([...mine, ...catalogue.sharedEntries().map((item) => item.name)])];
    const { refusal, ...refusedForms } = state;
    const refused = state.refusedCounts || state.refusedAdd || refusal;
    return page(
      reply,
      renderPresetPage({
        viewer: viewerOf(request, reply),
        size,
        furnishing,
        lines,
        own,
        names,
        message: refusal
          ? { kind: 'error', text: refusal }
          : fait && !refused
            ? { kind: fait === 'rien' ? 'info' : 'success', text: DONE[fait]! }
            : null,
        ...refusedForms,
      }),
      refused ? 422 : 200,
    );
  };

  /** Writes the preset's new lines with the journal's line, in one transaction; false when they are the same. */
  const save = async (
    request: FastifyRequest,
    size: HomeSize,
    furnishing: Furnishing,
    edit: (lines: ShownLine[]) => { lines: ShownLine[]; summary: string } | null,
  ): Promise<boolean> =>
    sql.transaction(async (tx) => {
      const companyId = request.carrier!.companyId;
      const before = (await linesOf(tx, companyId, size, furnishing)).lines;
      const edited = edit(before);
      if (!edited || JSON.stringify(asRows(edited.lines)) === JSON.stringify(asRows(before))) return false;
      await writePresetLines(tx, companyId, size, furnishing, asRows(edited.lines));
      await journal(request, tx, size, furnishing, edited.summary, asJournal(before), asJournal(edited.lines));
      return true;
    });

  const done = (reply: FastifyReply, size: HomeSize, furnishing: Furnishing, fait: string) =>
    // To the notice that says it (a form posted to '…#ajouter' would otherwise land there again).
    reply.redirect(`${presetUrl(size, furnishing)}?fait=${fait}#fait`, 303);

  const base = `${SETTINGS_BASE}/catalogue/inventaires/:logement/:ameublement`;
  return {
    sql,
    viewerOf,
    page,
    catalogue,
    presetOf,
    shippedLines,
    linesOf,
    journal,
    asRows,
    asJournal,
    presetPage,
    save,
    done,
    base,
    context,
    guards,
  };
}
type PresetsRoutesKit = ReturnType<typeof presetsRoutesKit>;

function presetPageRoutes(office: FastifyInstance, kit: PresetsRoutesKit): void {
  const { sql, presetOf, linesOf, presetPage, save, done, base, guards } = kit;
  office.get(base, guards.page, async (request, reply) => presetPage(request, reply));

  office.post(base, guards.form, async (request, reply) => {
    const { size, furnishing } = presetOf(request);
    const typed = values(request);
    const reader = new FormReader(typed);
    const current = (await linesOf(sql, request.carrier!.companyId, size, furnishing)).lines;
    // Only the lines the preset has, and only those sent: a field naming another object (forged or stale) is not read.
    const counts = new Map(
      current
        .filter((line) => typed[countField(line.item)] !== undefined)
        .map((line) => [line.item.id, reader.number(countField(line.item), countRule(line.item.name))]),
    );
    if (reader.errors.length > 0) return presetPage(request, reply, { refusedCounts: { values: typed, errors: reader.errors } });
    const changed = await save(request, size, furnishing, (lines) => ({
      lines: lines.map((line) => ({ ...line, quantity: counts.get(line.item.id) ?? line.quantity })),
      summary: 'nombres enregistrés',
    }));
    return done(reply, size, furnishing, changed ? 'nombres' : 'rien');
  });
}

function presetLineRoutes(office: FastifyInstance, kit: PresetsRoutesKit): void {
  const { sql, catalogue, presetOf, shippedLines, linesOf, journal, asJournal, presetPage, save, done, base, guards } = kit;
  office.post(`${base}/ajouter`, guards.form, async (request, reply) => {
    const { size, furnishing } = presetOf(request);
    const companyId = request.carrier!.companyId;
    const typed = values(request);
    const reader = new FormReader(typed);
    const refuse = () => presetPage(request, reply, { refusedAdd: { values: typed, errors: reader.errors } });
    const name = reader.text('nom');
    let entry: CatalogueItem | null = null;
    if (name === '') reader.fail('nom', 'Objet\u00a0: indiquez le nom d’un objet du catalogue, par exemple «\u202fCarton standard\u202f».');
    else {
      // The shared catalogue and this company's own objects only: another company's object is unknown here.
      entry = catalogue.entryFor({ id: null, name }, await ownItems(sql, companyId));
      if (!entry)
        reader.fail(
          'nom',
          `Objet\u00a0: «\u202f${name.slice(0, 80)}\u202f» n’est ni dans le catalogue ni parmi vos objets. Choisissez un nom proposé.`,
        );
    }
    const quantity = reader.number('nombre', { label: 'Nombre', min: 1, max: MAX_QUANTITY, integer: true, example: '2' });
    if (reader.errors.length > 0 || !entry || quantity === null) return refuse();
    const current = (await linesOf(sql, companyId, size, furnishing)).lines;
    if (current.some((line) => line.item.id === entry.id)) {
      reader.fail('nom', `Objet\u00a0: «\u202f${entry.name}\u202f» est déjà dans l’inventaire\u00a0: changez son nombre.`);
      return refuse();
    }
    if (current.length >= PRESET_LINES_MAX) {
      reader.fail('nom', `Objets\u00a0: ${PRESET_LINES_MAX} lignes au plus dans un inventaire type.`);
      return refuse();
    }
    await save(request, size, furnishing, (lines) => ({
      lines: [...lines, { item: entry, quantity }],
      summary: `«\u202f${entry.name}\u202f» ajouté (${quantity})`,
    }));
    return done(reply, size, furnishing, 'ajoute');
  });

  office.post(`${base}/retirer/:id`, guards.form, async (request, reply) => {
    const { size, furnishing } = presetOf(request);
    const params = v.safeParse(LineParams, request.params);
    const current = (await linesOf(sql, request.carrier!.companyId, size, furnishing)).lines;
    const line = params.success ? current.find((candidate) => candidate.item.id === params.output.id) : undefined;
    if (!line) throw new HttpError(404, 'Objet introuvable dans cet inventaire type');
    if (current.length === 1) return presetPage(request, reply, { refusal: LAST_LINE });
    const changed = await save(request, size, furnishing, (lines) => ({
      lines: lines.filter((candidate) => candidate.item.id !== line.item.id),
      summary: `«\u202f${line.item.name}\u202f» retiré`,
    }));
    return done(reply, size, furnishing, changed ? 'retire' : 'rien');
  });

  office.post(`${base}/livre`, guards.form, async (request, reply) => {
    const { size, furnishing } = presetOf(request);
    const companyId = request.carrier!.companyId;
    const changed = await sql.transaction(async (tx) => {
      const before = await presetLinesOf(tx, companyId, size, furnishing);
      if (before.length === 0) return false;
      await writePresetLines(tx, companyId, size, furnishing, []);
      await journal(
        request,
        tx,
        size,
        furnishing,
        'inventaire livré rétabli',
        asJournal(before),
        asJournal(shippedLines(size, furnishing)),
      );
      return true;
    });
    return done(reply, size, furnishing, changed ? 'livre' : 'rien');
  });
}
