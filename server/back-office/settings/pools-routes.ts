import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  APPLY_TO_TRAVELS,
  formatPrice,
  isPoolCodeUsable,
  isPublicPool,
  poolDefectMessage,
  poolFiguresFault,
  POOL_CODE_LIMITS,
  readPoolReply,
  withVat,
  withoutVat,
  type DriverPool,
  type PoolFiguresFault,
  type PoolPriceInput,
} from 'transport-quote-wizard/domain';
import { sandboxAccount } from '../../pricing/pool-sandbox.ts';
import { companyPools, updatePools } from '../../db/pools-repo.ts';
import { HttpError } from '../../http/validation.ts';
import { FormBodySchema, FormReader, type FieldError, type FormValues } from './form-fields.ts';
import { SETTINGS_BASE } from './pages.ts';
import { poolKey, POOLS_URL, renderPoolsPage } from './pools-page.ts';
import type { SettingsContext, SettingsGuards } from './context.ts';
import { SAMPLE_TRIP } from './simulation.ts';

const KeyParams = v.object({ key: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/)) });
const Amount = v.pipe(v.string(), v.regex(/^-?\d{1,7}(\.\d{1,2})?$/), v.transform(Number));
/** After a save: what was done, and the test call's two amounts (figures only: no text of the URL is shown). */
const DoneQuery = v.object({
  fait: v.optional(v.picklist(['ajoutee', 'enregistree', 'rien'])),
  t: v.optional(Amount),
  m: v.optional(Amount),
});
const NAME_MAX = 80;
const NOTES_MAX = 2000;
const CODE_MAX = 20_000;

/** The test call's answer, as the page says it after the save. */
function trialWords(transportation: number, handling: number): string {
  const euros = (amount: number) => formatPrice(amount, '€');
  return `Essai du code sur Paris → Lyon (un T2)\u00a0: transport ${euros(transportation)}\u00a0HT, manutention ${euros(handling)}\u00a0HT.`;
}

/**
 * Why the trial's figures cannot be a price (issue 52), in the carrier's words: the grid named,
 * the line and its amount, and the rule it breaks. At pricing time the same reply is the spec's
 * defect message.
 */
function faultWords(name: string, fault: PoolFiguresFault, vat: number): string {
  const euros = (amount: number) => formatPrice(amount, '€');
  const line = fault.line === 'transportation' ? 'un transport' : 'une manutention';
  const said = `Grille «\u202f${name}\u202f», code de calcul\u00a0: à l’essai sur Paris → Lyon, il renvoie ${line} de ${euros(fault.euros)}\u00a0HT`;
  if (fault.kind === 'negative') return `${said}. Un prix ne peut pas être négatif\u00a0: rien n’a été enregistré.`;
  return (
    `${said}, soit ${euros(withVat(fault.euros, vat))}\u00a0TTC, au-delà du plafond de ${euros(fault.ceilingEuros)}\u00a0TTC ` +
    'qu’une ligne de prix ne peut dépasser. Rien n’a été enregistré.'
  );
}

/** What a grid's form gives once every field is checked; each wrong field named, with its form's prefix. */
interface PoolForm {
  name: string;
  default: boolean;
  mode: 'driving' | 'bicycling';
  computes: boolean;
  notes: string;
  code: string;
}

function readPoolForm(
  values: FormValues,
  prefix: string,
  isPublic: boolean,
  others: readonly DriverPool[],
): { form: PoolForm | null; errors: FieldError[] } {
  const reader = new FormReader(values);
  const name = reader.text('nom');
  if (name === '') reader.fail(`${prefix}nom`, 'Nom de la grille\u00a0: indiquez un nom, par exemple «\u202fGrille Pro\u202f».');
  else if (name.length > NAME_MAX) reader.fail(`${prefix}nom`, `Nom de la grille\u00a0: ${NAME_MAX} caractères au plus.`);
  else if (others.some((pool) => pool.name.trim().toLowerCase() === name.toLowerCase()))
    reader.fail(`${prefix}nom`, 'Nom de la grille\u00a0: une autre grille porte déjà ce nom.');
  const notes = (values.consignes ?? '').trim();
  if (notes.length > NOTES_MAX) reader.fail(`${prefix}consignes`, `Consignes par défaut\u00a0: ${NOTES_MAX} caractères au plus.`);
  const code = isPublic ? '' : (values.code ?? '').trim();
  const computes = !isPublic && reader.checked('calcule');
  if (code.length > CODE_MAX) reader.fail(`${prefix}code`, `Code de calcul\u00a0: ${CODE_MAX} caractères au plus.`);
  else if (code !== '' && !isPoolCodeUsable(code))
    reader.fail(`${prefix}code`, 'Code de calcul\u00a0: plus de 10 caractères, ou laissez le champ vide pour une grille sans code.');
  else if (computes && code === '')
    reader.fail(`${prefix}code`, 'Code de calcul\u00a0: une grille qui calcule le prix a besoin de son code.');
  if (reader.errors.length > 0) return { form: null, errors: reader.errors };
  return {
    form: { name, default: reader.checked('defaut'), mode: values.mode === 'bicycling' ? 'bicycling' : 'driving', computes, notes, code },
    errors: [],
  };
}

/** The fault of a trial's figures, when it answered two numbers that cannot be a price. */
function figuresFault(json: string, ceiling: { euros: number; vat: number }): PoolFiguresFault | null {
  const figures = v.safeParse(TrialFigures, safeJson(json));
  return figures.success ? poolFiguresFault(figures.output, ceiling) : null;
}
const TrialFigures = v.object({ transportation: v.pipe(v.number(), v.finite()), handling: v.pipe(v.number(), v.finite()) });
function safeJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/** The pool a form makes of a grid (or a new one with this id). */
function poolOf(id: DriverPool['id'], form: PoolForm): DriverPool {
  return {
    id,
    name: form.name,
    default: form.default,
    mode: form.mode,
    apply_to: form.computes ? APPLY_TO_TRAVELS : null,
    compute_price_func_body: form.code === '' ? null : form.code,
    default_notes: form.notes === '' ? null : form.notes,
  };
}

/** What changed on a grid, in the carrier's words. */
function poolChanges(before: DriverPool, after: DriverPool): string[] {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`nom «\u202f${before.name}\u202f» → «\u202f${after.name}\u202f»`);
  if (before.default !== after.default) changes.push(after.default ? 'proposée d’office' : 'plus proposée d’office');
  if (before.mode !== after.mode) changes.push(after.mode === 'bicycling' ? 'trajet à vélo' : 'trajet en véhicule');
  if (before.apply_to !== after.apply_to) changes.push(after.apply_to ? 'prix calculé par son code' : 'prix plus calculé par son code');
  if ((before.default_notes ?? '') !== (after.default_notes ?? '')) changes.push('consignes');
  if ((before.compute_price_func_body ?? '') !== (after.compute_price_func_body ?? '')) changes.push('code de calcul');
  return changes;
}

/**
 * Grilles: the company's grids (spec §3 driver pools), listed, added, renamed, with their
 * notes, travel mode, whether they price travels, and their code, which runs once on the
 * sample trip before it is saved (spec §5: longer than 10 characters, numeric transportation
 * and handling, else the spec's defect message; code that outlives the sandbox's deadline is
 * refused as such). Nothing is saved while a field is wrong; the journal keeps every change.
 */
export async function poolRoutes(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards): Promise<void> {
  const kit = poolRoutesKit(office, context, guards);
  poolListRoutes(office, kit);
  poolSaveRoutes(office, kit);
}

/** What every group of poolRoutes shares. */
function poolRoutesKit(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards) {
  const { sql, viewerOf, page } = context;

  const poolsPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    message: { kind: 'success' | 'error' | 'info'; text: string } | null,
    refused?: { key: string; values: FormValues; errors: FieldError[] },
  ) =>
    page(
      reply,
      renderPoolsPage({
        viewer: viewerOf(request, reply),
        pools: await companyPools(sql, request.carrier!.companyId),
        message,
        ...(refused ? { refused } : {}),
      }),
      refused ? 422 : 200,
    );

  const tryCode = async (
    companyId: number,
    name: string,
    code: string,
    field: string,
  ): Promise<{ said: string } | { error: FieldError }> => {
    const figures = (await office.quotes.price(SAMPLE_TRIP.request, companyId)).figures;
    const input: PoolPriceInput = {
      distance_km: figures.driver_distance / 1000,
      duration_h: figures.driver_duration / 3600,
      customer_distance_km: figures.distance / 1000,
      customer_duration_h: figures.duration / 3600,
      volume_m3: figures.volume,
      truck_capacity_m3: figures.truck_capacity,
      handling_hours: figures.handling_hours,
      persons: figures.persons_needed,
      stops: SAMPLE_TRIP.request.addresses.map((address) => ({
        type: address.type_name,
        floor: address.floor_nb,
        elevator: address.elevator_presence,
        postal_code: address.postal_code,
      })),
      items: SAMPLE_TRIP.request.items.map((item) => ({
        name: item.name,
        category: item.category,
        quantity: item.quantity,
        volume_m3: item.volume,
      })),
      public_transportation: withoutVat(figures.price_transportation / 100, figures.vat),
      public_handling: withoutVat(figures.price_handling / 100, figures.vat),
      date: '',
    };
    const reply = await office.sandbox.trial(code, input, sandboxAccount(String(companyId)));
    if ('unavailable' in reply)
      return {
        error: {
          field,
          message:
            'Code de calcul\u00a0: l’essai n’a pas pu être fait, le calcul des grilles est momentanément indisponible. Rien n’a été enregistré\u202f; réessayez dans quelques secondes.',
        },
      };
    if (!reply.ok && /interrupted|délai/i.test(reply.error))
      return {
        error: {
          field,
          message: `Code de calcul\u00a0: le calcul ne s’est pas terminé dans le temps permis (${POOL_CODE_LIMITS.deadlineMs}\u00a0ms)\u202f; une boucle sans fin\u202f? Rien n’a été enregistré.`,
        },
      };
    // Figures that cannot be a price are named before the spec's defect message stands in for them.
    const fault = reply.ok ? figuresFault(reply.json, { euros: office.limits.priceCeilingEuros, vat: figures.vat }) : null;
    if (fault) return { error: { field, message: faultWords(name, fault, figures.vat) } };
    const answer = readPoolReply({ name }, reply.ok ? { ok: true, json: reply.json } : { ok: false });
    if ('defect' in answer) {
      const detail = reply.ok
        ? 'il doit renvoyer transportation et handling en nombres, par exemple return { transportation: 120, handling: 80 };'
        : `erreur à l’essai\u00a0: ${reply.error.slice(0, 200)}`;
      return { error: { field, message: `${poolDefectMessage(name)}. Code de calcul\u00a0: ${detail}` } };
    }
    const cents = (amount: number) => (Math.round(amount * 100) / 100).toFixed(2);
    return { said: `&t=${cents(answer.output.transportation)}&m=${cents(answer.output.handling)}` };
  };

  const values = (request: FastifyRequest): FormValues => {
    const parsed = v.safeParse(FormBodySchema, request.body ?? {});
    return parsed.success ? parsed.output : {};
  };

  return { sql, viewerOf, page, poolsPage, tryCode, values, context, guards };
}
type PoolRoutesKit = ReturnType<typeof poolRoutesKit>;

function poolListRoutes(office: FastifyInstance, kit: PoolRoutesKit): void {
  const { poolsPage, guards } = kit;
  office.get(`${SETTINGS_BASE}/grilles`, guards.page, async (request, reply) => {
    const query = v.safeParse(DoneQuery, request.query);
    const done = query.success ? query.output : {};
    const trial = done.t !== undefined && done.m !== undefined ? ` ${trialWords(done.t, done.m)}` : '';
    const text =
      done.fait === 'ajoutee'
        ? `Grille ajoutée.${trial}`
        : done.fait === 'enregistree'
          ? `Grille enregistrée.${trial}`
          : done.fait === 'rien'
            ? 'Rien n’a changé.'
            : null;
    return poolsPage(request, reply, text ? { kind: done.fait === 'rien' ? 'info' : 'success', text } : null);
  });

  /** The code's test call on the sample trip, priced on the company's tariff: what it returned, or why it is refused. */
}

function poolSaveRoutes(office: FastifyInstance, kit: PoolRoutesKit): void {
  const { sql, poolsPage, tryCode, values, guards } = kit;
  office.post(`${SETTINGS_BASE}/grilles`, guards.form, async (request, reply) => {
    const carrier = request.carrier!;
    const typed = values(request);
    const pools = await companyPools(sql, carrier.companyId);
    const { form, errors } = readPoolForm(typed, 'nouvelle-', false, pools);
    if (!form) return poolsPage(request, reply, null, { key: 'new', values: typed, errors });
    let said = '';
    if (form.code !== '') {
      const trial = await tryCode(carrier.companyId, form.name, form.code, 'nouvelle-code');
      if ('error' in trial) return poolsPage(request, reply, null, { key: 'new', values: typed, errors: [trial.error] });
      said = trial.said;
    }
    await updatePools(sql, {
      companyId: carrier.companyId,
      userId: carrier.userId,
      userEmail: carrier.email,
      edit: (current) => {
        const next = Math.max(0, ...current.map((pool) => (typeof pool.id === 'number' ? pool.id : Number(pool.id) || 0))) + 1;
        const added = poolOf(next, form);
        const kept = form.default ? current.map((pool) => ({ ...pool, default: false })) : current;
        return { pools: [...kept, added], summary: `Grille ajoutée\u00a0: «\u202f${added.name}\u202f»` };
      },
    });
    return reply.redirect(`${POOLS_URL}?fait=ajoutee${said}`, 303);
  });

  office.post(`${SETTINGS_BASE}/grilles/:key`, guards.form, async (request, reply) => {
    const carrier = request.carrier!;
    const params = v.safeParse(KeyParams, request.params);
    if (!params.success) throw new HttpError(404, 'Grille introuvable');
    const pools = await companyPools(sql, carrier.companyId);
    const pool = pools.find((candidate) => poolKey(candidate) === params.output.key);
    if (!pool) throw new HttpError(404, 'Grille introuvable');
    const key = poolKey(pool);
    const prefix = `g${key.replace(/[^\w-]/g, '')}-`;
    const typed = values(request);
    const { form, errors } = readPoolForm(
      typed,
      prefix,
      isPublicPool(pool),
      pools.filter((other) => other !== pool),
    );
    if (!form) return poolsPage(request, reply, null, { key, values: typed, errors });
    const after = poolOf(pool.id, form);
    let said = '';
    if (form.code !== '' && form.code !== (pool.compute_price_func_body ?? '').trim()) {
      const trial = await tryCode(carrier.companyId, form.name, form.code, `${prefix}code`);
      if ('error' in trial) return poolsPage(request, reply, null, { key, values: typed, errors: [trial.error] });
      said = trial.said;
    }
    const changed = await updatePools(sql, {
      companyId: carrier.companyId,
      userId: carrier.userId,
      userEmail: carrier.email,
      edit: (current) => {
        const index = current.findIndex((candidate) => String(candidate.id) === String(pool.id));
        if (index < 0) return null;
        const changes = poolChanges(current[index]!, after);
        if (changes.length === 0) return null;
        const pools = current.map((candidate, at) => (at === index ? after : form.default ? { ...candidate, default: false } : candidate));
        return { pools, summary: `Grille «\u202f${current[index]!.name}\u202f»\u00a0: ${changes.join(', ')}` };
      },
    });
    return reply.redirect(`${POOLS_URL}?fait=${changed ? 'enregistree' : 'rien'}${said}`, 303);
  });
}
