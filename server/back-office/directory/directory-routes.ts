import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import * as v from 'valibot';
import {
  deleteDirectoryRow,
  insertContact,
  insertCustomer,
  insertPlace,
  listContacts,
  listCustomerRecords,
  listPlaces,
  updateContact,
  updateCustomer,
  updatePlace,
  type ContactFields,
  type CustomerFields,
  type DirectoryKind,
  type PlaceFields,
} from '../../db/directory-repo.ts';
import { recordSettingChange } from '../../db/settings-journal.ts';
import type { Sql } from '../../db/sql.ts';
import { HttpError } from '../../http/validation.ts';
import { FormBodySchema, type FieldError, type FormValues } from '../settings/form-fields.ts';
import type { SettingsContext } from '../settings/context.ts';
import { contactsText, contactValues, customerValues, placeValues } from './directory-form.ts';
import { decodeSpreadsheetText, readDirectoryCsv, writeDirectoryCsv } from './directory-csv.ts';
import { checkFields, planImport, type DirectoryFields, type ExistingRow } from './directory-import.ts';
import {
  DIRECTORY_URL,
  IMPORT_MAX_BYTES,
  importCounts,
  KINDS,
  kindUrl,
  LIST_SHOWN,
  renderDirectoryIndex,
  renderDirectoryPage,
  renderEditPage,
  renderImportPreview,
  type ListedRow,
} from './directory-pages.ts';

const KindParams = v.object({ kind: v.picklist(['adresses', 'clients', 'contacts']) });
const RowParams = v.object({
  kind: v.picklist(['adresses', 'clients', 'contacts']),
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
});
const ListQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  fait: v.optional(v.picklist(['ajout', 'modification', 'rien', 'suppression', 'import'])),
  n: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/))),
  refus: v.optional(v.literal('trop-lourd')),
});
/** The upload, as @fastify/multipart gives it (keyValues): the file's bytes, or nothing when none was chosen. */
const UploadBody = v.object({ fichier: v.optional(v.union([v.instance(Buffer), v.string()])) });
const ConfirmBody = v.object({ texte: v.pipe(v.string(), v.maxLength(IMPORT_MAX_BYTES * 2)) });

/** Where a file too heavy to be read leads back to: its list, which says why. */
const tooHeavyUrl = (kind: DirectoryKind) => `${kindUrl(kind)}?refus=trop-lourd`;

const DONE: Record<string, string> = {
  ajout: 'Ajouté\u00a0: le formulaire de réservation le propose dès maintenant.',
  modification: 'Enregistré\u00a0: le formulaire de réservation le montre dès maintenant.',
  rien: 'Rien n’a changé.',
  suppression: 'Supprimé\u00a0: le formulaire de réservation ne le propose plus.',
};

/** The rows of one kind, with their form values, as the list, the export and the import read them. */
async function rowsOf(sql: Sql, companyId: number, kind: DirectoryKind, query = '') {
  if (kind === 'adresses')
    return (await listPlaces(sql, companyId, query)).map(({ id, ...fields }) => ({
      id,
      name: fields.label,
      fields: fields as PlaceFields,
      values: placeValues(fields),
      cells: [
        fields.label,
        fields.address_complete,
        floorWords(fields.floor_nb, fields.elevator_presence),
        contactsText(fields.contacts, ' · '),
      ],
    }));
  if (kind === 'clients')
    return (await listCustomerRecords(sql, companyId, query)).map(({ id, ...fields }) => ({
      id,
      name: fields.name,
      fields: fields as CustomerFields,
      values: customerValues(fields),
      cells: [fields.name, fields.reference, fields.email, fields.phone_number],
    }));
  return (await listContacts(sql, companyId, query)).map(({ id, ...fields }) => ({
    id,
    name: fields.name,
    fields: fields as ContactFields,
    values: contactValues(fields),
    cells: [fields.name, fields.phone_number, fields.email],
  }));
}

function floorWords(floor: number, lift: boolean): string {
  const level = floor < 0 ? 'De plain-pied' : floor === 0 ? 'Rez-de-chaussée' : `${floor}${floor === 1 ? 'er' : 'e'}\u00a0étage`;
  return floor > 0 ? `${level}, ${lift ? 'avec' : 'sans'} ascenseur` : level;
}

async function insertRow(sql: Sql, companyId: number, kind: DirectoryKind, fields: DirectoryFields): Promise<void> {
  if (kind === 'adresses') await insertPlace(sql, companyId, fields as PlaceFields);
  else if (kind === 'clients') await insertCustomer(sql, companyId, fields as CustomerFields);
  else await insertContact(sql, companyId, fields as ContactFields);
}

async function updateRow(sql: Sql, companyId: number, kind: DirectoryKind, id: number, fields: DirectoryFields): Promise<boolean> {
  if (kind === 'adresses') return updatePlace(sql, companyId, id, fields as PlaceFields);
  if (kind === 'clients') return updateCustomer(sql, companyId, id, fields as CustomerFields);
  return updateContact(sql, companyId, id, fields as ContactFields);
}

const nameOf = (kind: DirectoryKind, fields: DirectoryFields) =>
  kind === 'adresses' ? (fields as PlaceFields).label : (fields as CustomerFields | ContactFields).name;

/**
 * Répertoire: the company's saved places, customers and contacts, for every account of the
 * company (administrators and exploitants): listed and searched, added, changed, removed,
 * imported from and exported to a spreadsheet's CSV. Every row is read and written through
 * the session's company; an id of another company's row is a 404 like one that does not
 * exist. Every form carries the session's form token; every change has its journal line,
 * written in the same transaction.
 */
export async function directoryRoutes(office: FastifyInstance, context: SettingsContext): Promise<void> {
  const kit = directoryRoutesKit(office, context);
  directoryRowRoutes(office, kit);
  await directoryImportRoutes(office, kit);
}

/** What every group of directoryRoutes shares: the context, its guards and helpers. */
function directoryRoutesKit(office: FastifyInstance, context: SettingsContext) {
  const { sql, signedIn, csrf, viewerOf, page } = context;
  const pageGuard = { preHandler: [signedIn] };
  const formGuard = { preHandler: [signedIn, csrf as preHandlerAsyncHookHandler] };
  const geocoder = () => office.geocoder();

  const journal = (request: FastifyRequest, sqlTx: Sql, kind: DirectoryKind, summary: string, before: unknown, after: unknown) =>
    recordSettingChange(sqlTx, {
      companyId: request.carrier!.companyId,
      userId: request.carrier!.userId,
      userEmail: request.carrier!.email,
      area: kind,
      summary: `${KINDS[kind].title}, ${summary}`,
      before,
      after,
    });

  const values = (request: FastifyRequest): FormValues => {
    const parsed = v.safeParse(FormBodySchema, request.body ?? {});
    return parsed.success ? parsed.output : {};
  };

  const listPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: DirectoryKind,
    state: { refused?: { values: FormValues; errors: FieldError[] } } = {},
  ) => {
    const query = v.safeParse(ListQuery, request.query);
    const asked = query.success ? query.output : { q: '' as string, fait: undefined, n: undefined, refus: undefined };
    const companyId = request.carrier!.companyId;
    const all = await rowsOf(sql, companyId, kind);
    const shown = asked.q.trim() === '' ? all : await rowsOf(sql, companyId, kind, asked.q);
    const done =
      asked.fait === 'import'
        ? `Import enregistré\u00a0: ${asked.n ?? '0'}\u00a0ligne${Number(asked.n) > 1 ? 's' : ''} ajoutée${Number(asked.n) > 1 ? 's' : ''} ou modifiée${Number(asked.n) > 1 ? 's' : ''}. Le formulaire de réservation les propose dès maintenant.`
        : asked.fait
          ? DONE[asked.fait]
          : undefined;
    return page(
      reply,
      renderDirectoryPage({
        viewer: viewerOf(request, reply),
        kind,
        query: asked.q,
        rows: shown.slice(0, LIST_SHOWN).map((row): ListedRow => ({ id: row.id, cells: row.cells })),
        found: shown.length,
        total: all.length,
        message:
          asked.refus === 'trop-lourd'
            ? { kind: 'error', text: `Fichier trop lourd\u00a0: ${IMPORT_MAX_BYTES / 1024}\u00a0Ko au plus. Rien n’a été importé.` }
            : done
              ? { kind: asked.fait === 'rien' ? 'info' : 'success', text: done }
              : null,
        ...(state.refused ? { refused: state.refused } : {}),
      }),
      state.refused ? 422 : 200,
    );
  };

  const kindOf = (request: FastifyRequest): DirectoryKind => {
    const params = v.safeParse(KindParams, request.params);
    if (!params.success) throw new HttpError(404, 'Page introuvable');
    return params.output.kind;
  };
  /** The company's row the URL names; another company's is not found, like one that does not exist. */
  const rowOf = async (request: FastifyRequest) => {
    const params = v.safeParse(RowParams, request.params);
    if (!params.success) throw new HttpError(404, 'Fiche introuvable');
    const { kind, id } = params.output;
    const row = (await rowsOf(sql, request.carrier!.companyId, kind)).find((candidate) => candidate.id === id);
    if (!row) throw new HttpError(404, 'Fiche introuvable');
    return { kind, row };
  };

  return { sql, signedIn, csrf, viewerOf, page, pageGuard, formGuard, geocoder, journal, values, listPage, kindOf, rowOf, context };
}
type DirectoryRoutesKit = ReturnType<typeof directoryRoutesKit>;

function directoryRowRoutes(office: FastifyInstance, kit: DirectoryRoutesKit): void {
  const { sql, viewerOf, page, pageGuard, formGuard, geocoder, journal, values, listPage, kindOf, rowOf } = kit;
  office.get('/repertoire', pageGuard, async (request, reply) => {
    const companyId = request.carrier!.companyId;
    const counts = {
      adresses: (await listPlaces(sql, companyId)).length,
      clients: (await listCustomerRecords(sql, companyId)).length,
      contacts: (await listContacts(sql, companyId)).length,
    };
    return page(reply, renderDirectoryIndex(viewerOf(request, reply), counts));
  });

  office.get('/repertoire/:kind', pageGuard, async (request, reply) => listPage(request, reply, kindOf(request)));

  office.post('/repertoire/:kind', formGuard, async (request, reply) => {
    const kind = kindOf(request);
    const typed = values(request);
    const checked = checkFields(kind, typed, geocoder());
    if (!checked.fields) return listPage(request, reply, kind, { refused: { values: typed, errors: checked.errors } });
    const fields = checked.fields;
    await sql.transaction(async (tx) => {
      await insertRow(tx, request.carrier!.companyId, kind, fields);
      await journal(request, tx, kind, `ajout\u00a0: «\u202f${nameOf(kind, fields)}\u202f»`, null, fields);
    });
    return reply.redirect(`${kindUrl(kind)}?fait=ajout`, 303);
  });

  office.get('/repertoire/:kind/export', pageGuard, async (request, reply) => {
    const kind = kindOf(request);
    const rows = await rowsOf(sql, request.carrier!.companyId, kind);
    const csv = writeDirectoryCsv(
      kind,
      rows.map((row) =>
        kind === 'adresses' ? { ...row.values, contacts: contactsText((row.fields as PlaceFields).contacts, ' | ') } : row.values,
      ),
    );
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${kind}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });

  office.get('/repertoire/:kind/:id', pageGuard, async (request, reply) => {
    const { kind, row } = await rowOf(request);
    return page(
      reply,
      renderEditPage({ viewer: viewerOf(request, reply), kind, id: row.id, name: row.name, values: row.values, errors: [] }),
    );
  });

  office.post('/repertoire/:kind/:id', formGuard, async (request, reply) => {
    const { kind, row } = await rowOf(request);
    const typed = values(request);
    // A place whose address is kept keeps its point (the geocoder's is the town's); a new address takes the geocoder's.
    const kept =
      kind === 'adresses' && (typed.adresse ?? '').trim() === (row.fields as PlaceFields).address_complete
        ? { latitude: row.values.latitude!, longitude: row.values.longitude! }
        : { latitude: '', longitude: '' };
    const checked = checkFields(kind, { ...typed, ...kept }, geocoder());
    if (!checked.fields)
      return page(
        reply,
        renderEditPage({ viewer: viewerOf(request, reply), kind, id: row.id, name: row.name, values: typed, errors: checked.errors }),
        422,
      );
    const fields = checked.fields;
    const changed =
      JSON.stringify({ ...row.fields, ...fields }) !== JSON.stringify(row.fields) &&
      (await sql.transaction(async (tx) => {
        if (!(await updateRow(tx, request.carrier!.companyId, kind, row.id, fields))) return false;
        await journal(request, tx, kind, `modification\u00a0: «\u202f${row.name}\u202f»`, row.fields, fields);
        return true;
      }));
    return reply.redirect(`${kindUrl(kind)}?fait=${changed ? 'modification' : 'rien'}`, 303);
  });

  office.post('/repertoire/:kind/:id/supprimer', formGuard, async (request, reply) => {
    const { kind, row } = await rowOf(request);
    await sql.transaction(async (tx) => {
      if (!(await deleteDirectoryRow(tx, request.carrier!.companyId, kind, row.id))) return;
      await journal(request, tx, kind, `suppression\u00a0: «\u202f${row.name}\u202f»`, row.fields, null);
    });
    return reply.redirect(`${kindUrl(kind)}?fait=suppression`, 303);
  });

  /** What the import would do with this text, against the company's rows as they are now. */
}

async function directoryImportRoutes(office: FastifyInstance, kit: DirectoryRoutesKit): Promise<void> {
  const { sql, viewerOf, page, formGuard, geocoder, journal, kindOf } = kit;
  const plan = async (request: FastifyRequest, kind: DirectoryKind, text: string) => {
    const read = readDirectoryCsv(kind, text);
    if ('problem' in read) return read;
    const existing: ExistingRow[] = (await rowsOf(sql, request.carrier!.companyId, kind)).map((row) => ({
      id: row.id,
      fields: row.fields,
    }));
    return { plan: planImport(kind, read.lines, existing, geocoder()) };
  };

  // The import: a file read and shown (nothing written), then its text sent back to be written.
  await office.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: IMPORT_MAX_BYTES * 2, parts: 6 },
    });
    // A file past the limit is refused while it is read: the list says why, nothing imported.
    // A file past the limit is refused while it is read, before the session is: the list says why (nothing imported).
    upload.setErrorHandler(async (error: Error & { code?: string }, request, reply) => {
      const back = request.routeOptions.config?.tooLargeRedirect;
      if (error.code === 'FST_REQ_FILE_TOO_LARGE' && back) return reply.redirect(back, 303);
      throw error;
    });

    const preview = (kind: DirectoryKind) => async (request: FastifyRequest, reply: FastifyReply) => {
      const upload = v.safeParse(UploadBody, request.body ?? {});
      const file = upload.success ? upload.output.fichier : undefined;
      const bytes = Buffer.isBuffer(file) ? file : Buffer.alloc(0);
      if (bytes.length === 0) return listPageWithError(request, reply, kind, 'Choisissez un fichier CSV à importer.');
      const { text, encoding } = decodeSpreadsheetText(bytes);
      const planned = await plan(request, kind, text);
      if ('problem' in planned) return listPageWithError(request, reply, kind, `${planned.problem} Rien n’a été importé.`);
      return page(reply, renderImportPreview(viewerOf(request, reply), kind, planned.plan, text.replace(/^\ufeff/, ''), encoding));
    };
    for (const kind of ['adresses', 'clients', 'contacts'] as const)
      upload.post(`/repertoire/${kind}/import`, { ...formGuard, config: { tooLargeRedirect: tooHeavyUrl(kind) } }, preview(kind));

    upload.post('/repertoire/:kind/import/confirmer', formGuard, async (request, reply) => {
      const kind = kindOf(request);
      const body = v.safeParse(ConfirmBody, request.body);
      if (!body.success)
        return listPageWithError(request, reply, kind, 'Import illisible\u00a0: recommencez depuis le fichier. Rien n’a été importé.');
      const planned = await plan(request, kind, body.output.texte);
      if ('problem' in planned) return listPageWithError(request, reply, kind, `${planned.problem} Rien n’a été importé.`);
      const companyId = request.carrier!.companyId;
      const counts = importCounts(planned.plan);
      await sql.transaction(async (tx) => {
        for (const line of planned.plan) {
          if (line.action === 'add') await insertRow(tx, companyId, kind, line.fields);
          else if (line.action === 'change') await updateRow(tx, companyId, kind, line.id, line.fields);
        }
        if (counts.add + counts.change > 0)
          await journal(
            request,
            tx,
            kind,
            `import CSV\u00a0: ${counts.add}\u00a0ajout(s), ${counts.change}\u00a0modification(s), ${counts.refuse}\u00a0ligne(s) refusée(s)`,
            null,
            planned.plan.filter((line) => line.action === 'add' || line.action === 'change').map((line) => line.name),
          );
      });
      return reply.redirect(`${kindUrl(kind)}?fait=import&n=${counts.add + counts.change}`, 303);
    });
  });

  /** The list again with a message saying why the file was not read (nothing imported). */
  const listPageWithError = async (request: FastifyRequest, reply: FastifyReply, kind: DirectoryKind, text: string, status = 422) => {
    const companyId = request.carrier!.companyId;
    const all = await rowsOf(sql, companyId, kind);
    return page(
      reply,
      renderDirectoryPage({
        viewer: viewerOf(request, reply),
        kind,
        query: '',
        rows: all.slice(0, LIST_SHOWN).map((row) => ({ id: row.id, cells: row.cells })),
        found: all.length,
        total: all.length,
        message: { kind: 'error', text },
      }),
      status,
    );
  };
}

export { DIRECTORY_URL };
