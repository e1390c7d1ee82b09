import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { TariffSchema, type Tariff } from 'transport-quote-wizard/domain';
import {
  currentTariff,
  findTariffVersion,
  listTariffVersions,
  saveTariff,
  startingTariff,
  TariffChangedMeanwhile,
} from '../../db/tariffs-repo.ts';
import { HttpError } from '../../http/validation.ts';
import { FormBodySchema, type FieldError, type FormValues } from './form-fields.ts';
import type { SettingsContext, SettingsGuards } from './context.ts';
import { parseTypedTrip, SAMPLE_TRIP, simulate, typedTrip, type SimulatedTrip } from './simulation.ts';
import { tariffChanges } from './tariff-changes.ts';
import { parseTariffForm, tariffValues } from './tariff-form.ts';
import {
  renderSimulationPage,
  renderTariffPage,
  renderVersionsPage,
  summaryOf,
  TARIFF_URL,
  VERSIONS_URL,
  versionWords,
} from './tariff-pages.ts';
import { SETTINGS_BASE } from './pages.ts';

const VersionParams = v.object({ number: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
const DoneQuery = v.object({
  fait: v.optional(v.picklist(['enregistre', 'rien', 'restaure'])),
  version: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/))),
});

/** The form's body, parsed before anything reads it; an unreadable one is treated as empty (every field then says what it lacks). */
function formValues(request: FastifyRequest): FormValues {
  const parsed = v.safeParse(FormBodySchema, request.body ?? {});
  return parsed.success ? parsed.output : {};
}

/** A draft carried by the Simuler page: the tariff as JSON, read through its schema. */
function draftOf(values: FormValues): Tariff | null {
  const text = values.brouillon;
  if (!text) return null;
  try {
    const parsed = v.safeParse(TariffSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

const CHANGED_MEANWHILE = (current: number | null) =>
  `Le tarif a été modifié entre-temps (${versionWords(current)} est maintenant en vigueur)\u00a0: rien n’a été enregistré. Vos saisies sont gardées\u202f; vérifiez-les, puis enregistrez à nouveau.`;

/**
 * Tarifs, Simuler and Versions: the company's tariff as a form, its simulation on a sample
 * trip and on the carrier's own before it is saved, and its versions with their restore. Pages
 * and forms for administrators only (the area's preHandler), every form with its CSRF token.
 */
export async function tariffRoutes(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards): Promise<void> {
  const kit = tariffRoutesKit(office, context, guards);
  tariffFormRoutes(office, kit);
  tariffSimulationRoutes(office, kit);
  tariffVersionRoutes(office, kit);
}

/** What every group of tariffRoutes shares. */
function tariffRoutesKit(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards) {
  const { sql, viewerOf, page } = context;
  const companyOf = (request: FastifyRequest) => request.carrier!.companyId;

  const tariffPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    options: {
      values?: FormValues;
      errors?: FieldError[];
      message?: { kind: 'success' | 'error' | 'info'; text: string } | null;
      status?: number;
    },
  ) => {
    const current = await currentTariff(sql, companyOf(request));
    const values = options.values ?? tariffValues(current.tariff, current.version);
    return page(
      reply,
      renderTariffPage({
        viewer: viewerOf(request, reply),
        values,
        errors: options.errors ?? [],
        version: current.version,
        message: options.message ?? null,
      }),
      options.status,
    );
  };

  const save = async (
    request: FastifyRequest,
    reply: FastifyReply,
    tariff: Tariff,
    basedOn: number | null,
    restoredFrom: number | null,
  ) => {
    const carrier = request.carrier!;
    const current = await currentTariff(sql, carrier.companyId);
    const changes = tariffChanges(current.tariff, tariff);
    if (changes.length === 0 && restoredFrom === null) return reply.redirect(`${TARIFF_URL}?fait=rien`, 303);
    const number = await saveTariff(sql, {
      companyId: carrier.companyId,
      userId: carrier.userId,
      userEmail: carrier.email,
      tariff,
      summary: summaryOf(changes.length > 0 ? changes : ['Aucun changement de prix'], restoredFrom),
      restoredFrom,
      basedOn,
    });
    return reply.redirect(
      restoredFrom === null ? `${TARIFF_URL}?fait=enregistre&version=${number}` : `${VERSIONS_URL}?fait=restaure&version=${number}`,
      303,
    );
  };

  return { sql, viewerOf, page, companyOf, tariffPage, save, context, guards };
}
type TariffRoutesKit = ReturnType<typeof tariffRoutesKit>;

function tariffFormRoutes(office: FastifyInstance, kit: TariffRoutesKit): void {
  const { tariffPage, save, guards } = kit;
  office.get(`${SETTINGS_BASE}/tarifs`, guards.page, async (request, reply) => {
    const query = v.safeParse(DoneQuery, request.query);
    const done = query.success ? query.output : {};
    const message =
      done.fait === 'enregistre'
        ? {
            kind: 'success' as const,
            text: `Tarif enregistré (version\u00a0${done.version ?? ''})\u00a0: les nouveaux devis le prennent, ceux déjà donnés gardent leur prix.`,
          }
        : done.fait === 'rien'
          ? { kind: 'info' as const, text: 'Rien n’a changé\u00a0: aucune version n’a été créée.' }
          : null;
    return tariffPage(request, reply, { message });
  });

  /** Saves a tariff as a new version; the same, when nothing changed, says so and saves nothing. */
  office.post(`${SETTINGS_BASE}/tarifs`, guards.form, async (request, reply) => {
    const values = formValues(request);
    const draft = draftOf(values);
    const parsed = draft
      ? { tariff: draft, errors: [], basedOn: /^\d{1,9}$/.test(values.base ?? '') ? Number(values.base) : null }
      : parseTariffForm(values);
    if (!parsed.tariff) return tariffPage(request, reply, { values, errors: parsed.errors, status: 422 });
    try {
      return await save(request, reply, parsed.tariff, parsed.basedOn, null);
    } catch (error) {
      if (!(error instanceof TariffChangedMeanwhile)) throw error;
      return tariffPage(request, reply, {
        values: draft ? tariffValues(draft, error.current) : { ...values, base: error.current === null ? '' : String(error.current) },
        message: { kind: 'error', text: CHANGED_MEANWHILE(error.current) },
        status: 409,
      });
    }
  });

  // Back from the simulation to the form, with the draft in it.
  office.post(`${SETTINGS_BASE}/tarifs/modifier`, guards.form, async (request, reply) => {
    const values = formValues(request);
    const draft = draftOf(values);
    if (!draft) return reply.redirect(TARIFF_URL, 303);
    return tariffPage(request, reply, { values: tariffValues(draft, /^\d{1,9}$/.test(values.base ?? '') ? Number(values.base) : null) });
  });
}

function tariffSimulationRoutes(office: FastifyInstance, kit: TariffRoutesKit): void {
  const { sql, viewerOf, page, companyOf, tariffPage, guards } = kit;
  const simulationPage = async (request: FastifyRequest, reply: FastifyReply, values: FormValues, draft: Tariff | null) => {
    const companyId = companyOf(request);
    const current = await currentTariff(sql, companyId);
    const trips: SimulatedTrip[] = [SAMPLE_TRIP];
    let tripErrors: FieldError[] = [];
    if (typedTrip(values)) {
      const typed = parseTypedTrip(values, office.geocoder());
      if (typed.trip) trips.push(typed.trip);
      tripErrors = typed.errors;
    }
    const rows = await simulate(office.quotes, companyId, trips, draft);
    return page(
      reply,
      renderSimulationPage({
        viewer: viewerOf(request, reply),
        version: current.version,
        rows,
        draftJson: draft ? JSON.stringify(draft) : null,
        draftChanges: draft ? tariffChanges(current.tariff, draft) : [],
        tripValues: values,
        tripErrors,
      }),
      tripErrors.length > 0 ? 422 : 200,
    );
  };

  office.get(`${SETTINGS_BASE}/simuler`, guards.page, async (request, reply) => simulationPage(request, reply, {}, null));

  // From the Tarifs form (its fields: a draft to check first), or from the Simuler page (the draft it carries, and a trip).
  office.post(`${SETTINGS_BASE}/simuler`, guards.form, async (request, reply) => {
    const values = formValues(request);
    if (values.brouillon !== undefined || !('tva' in values)) return simulationPage(request, reply, values, draftOf(values));
    const parsed = parseTariffForm(values);
    if (!parsed.tariff) return tariffPage(request, reply, { values, errors: parsed.errors, status: 422 });
    return simulationPage(request, reply, {}, parsed.tariff);
  });
}

function tariffVersionRoutes(office: FastifyInstance, kit: TariffRoutesKit): void {
  const { sql, viewerOf, page, companyOf, save, guards } = kit;
  office.get(`${SETTINGS_BASE}/versions`, guards.page, async (request, reply) => {
    const companyId = companyOf(request);
    const query = v.safeParse(DoneQuery, request.query);
    const done = query.success ? query.output : {};
    const current = await currentTariff(sql, companyId);
    return page(
      reply,
      renderVersionsPage({
        viewer: viewerOf(request, reply),
        versions: await listTariffVersions(sql, companyId),
        current: current.version,
        message:
          done.fait === 'restaure'
            ? { kind: 'success', text: `Version restaurée\u00a0: elle est en vigueur sous le numéro ${done.version ?? ''}.` }
            : null,
      }),
    );
  });

  office.post(`${SETTINGS_BASE}/versions/:number/restaurer`, guards.form, async (request, reply) => {
    const params = v.safeParse(VersionParams, request.params);
    if (!params.success) throw new HttpError(404, 'Version introuvable');
    const companyId = companyOf(request);
    const number = params.output.number;
    const restored = number === 0 ? null : await findTariffVersion(sql, companyId, number);
    if (number !== 0 && !restored) throw new HttpError(404, 'Version introuvable');
    const values = formValues(request);
    const basedOn = /^\d{1,9}$/.test(values.base ?? '') ? Number(values.base) : null;
    const tariff = restored?.tariff ?? (await startingTariff(sql, companyId));
    try {
      return await save(request, reply, tariff, basedOn, number);
    } catch (error) {
      if (!(error instanceof TariffChangedMeanwhile)) throw error;
      const current = await currentTariff(sql, companyId);
      return page(
        reply,
        renderVersionsPage({
          viewer: viewerOf(request, reply),
          versions: await listTariffVersions(sql, companyId),
          current: current.version,
          message: {
            kind: 'error',
            text: `Le tarif a été modifié entre-temps\u00a0: rien n’a été restauré. Vérifiez la liste, puis recommencez.`,
          },
        }),
        409,
      );
    }
  });
}
