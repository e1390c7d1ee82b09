import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { MAX_OPTIONS, OPTION_KINDS, optionTerms, type CarrierOption, type OptionKind } from 'transport-quote-wizard/domain';
import { companyOptions, updateOptions } from '../../db/options-repo.ts';
import { HttpError } from '../../http/validation.ts';
import { FormBodySchema, FormReader, type FieldError, type FormValues } from './form-fields.ts';
import { OPTIONS_URL, renderOptionsPage } from './options-page.ts';
import { SETTINGS_BASE } from './pages.ts';
import type { SettingsContext, SettingsGuards } from './context.ts';

const IdParams = v.object({ id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/)) });
const DoneQuery = v.object({ fait: v.optional(v.picklist(['ajoutee', 'enregistree', 'retiree', 'rien'])) });
const DONE: Record<string, string> = {
  ajoutee: 'Option ajoutée\u00a0: vos clients peuvent la choisir dès maintenant.',
  enregistree: 'Option enregistrée\u00a0: les prochains devis la chiffrent ainsi.',
  retiree: 'Option retirée\u00a0: les réservations déjà faites la gardent.',
  rien: 'Rien n’a changé.',
};
const LABEL_MAX = 80;

/** An option's form, every field checked, each wrong one named with its form's prefix. */
function readOption(
  values: FormValues,
  prefix: string,
  id: string,
  others: readonly CarrierOption[],
): { option: CarrierOption | null; errors: FieldError[] } {
  const reader = new FormReader(values);
  const label = reader.text('libelle');
  if (label === '') reader.fail(`${prefix}libelle`, 'Libellé\u00a0: indiquez ce que voit le client, par exemple «\u202fEmballage\u202f».');
  else if (label.length > LABEL_MAX) reader.fail(`${prefix}libelle`, `Libellé\u00a0: ${LABEL_MAX} caractères au plus.`);
  else if (others.some((option) => option.label.trim().toLowerCase() === label.toLowerCase()))
    reader.fail(`${prefix}libelle`, 'Libellé\u00a0: une autre option porte déjà ce libellé.');
  const kind = (OPTION_KINDS as readonly string[]).includes(values.type ?? '') ? (values.type as OptionKind) : 'forfait';
  const prefixed = (name: string, rule: Parameters<FormReader['number']>[1]) => {
    const before = reader.errors.length;
    const value = reader.number(name, rule);
    for (const error of reader.errors.slice(before)) error.field = `${prefix}${error.field}`;
    return value;
  };
  // Only the fields of the kind chosen are read: the page hides the others, so nothing typed
  // there (an old value, a slip) can refuse the form.
  const percentKind = kind === 'pourcentage';
  const price = percentKind ? 0 : (prefixed('prix', { label: 'Prix HT', min: 0, max: 1_000_000, example: '45' }) ?? 0);
  const max =
    kind === 'unite' ? (prefixed('max', { label: 'Quantité maximale', min: 1, max: 10_000, integer: true, example: '100' }) ?? 100) : 100;
  const percent = percentKind ? (prefixed('pourcent', { label: 'Pourcentage', min: 0, max: 100, example: '0,5' }) ?? 0) : 0;
  const minValue = percentKind
    ? (prefixed('min_valeur', { label: 'Valeur déclarée minimale', min: 0, max: 1_000_000, example: '1000' }) ?? 0)
    : 0;
  const maxValue = percentKind
    ? (prefixed('max_valeur', { label: 'Valeur déclarée maximale', min: 0, max: 1_000_000, example: '50000' }) ?? 100_000)
    : 100_000;
  if (percentKind && percent === 0 && reader.errors.length === 0)
    reader.fail(`${prefix}pourcent`, 'Pourcentage\u00a0: indiquez une part de la valeur déclarée, par exemple 0,5.');
  if (percentKind && minValue > maxValue && reader.errors.length === 0)
    reader.fail(`${prefix}max_valeur`, 'Valeur déclarée maximale\u00a0: au moins la valeur minimale.');
  if (reader.errors.length > 0) return { option: null, errors: reader.errors };
  return {
    option: {
      id,
      label,
      kind,
      price_ht: percentKind ? 0 : price,
      percent: percentKind ? percent : 0,
      max_quantity: max,
      min_value: minValue,
      max_value: maxValue,
    },
    errors: [],
  };
}

const sameOption = (a: CarrierOption, b: CarrierOption) => JSON.stringify(a) === JSON.stringify(b);

/** Options: listed, added, changed, removed; every change with its journal line, nothing saved while a field is wrong. */
export async function optionRoutes(office: FastifyInstance, context: SettingsContext, guards: SettingsGuards): Promise<void> {
  const { sql, viewerOf, page } = context;
  const who = (request: FastifyRequest) => {
    const carrier = request.carrier!;
    return { companyId: carrier.companyId, userId: carrier.userId, userEmail: carrier.email };
  };
  const optionsPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    message: { kind: 'success' | 'error' | 'info'; text: string } | null,
    refused?: { key: string; values: FormValues; errors: FieldError[] },
  ) =>
    page(
      reply,
      renderOptionsPage({
        viewer: viewerOf(request, reply),
        options: await companyOptions(sql, request.carrier!.companyId),
        message,
        ...(refused ? { refused } : {}),
      }),
      refused ? 422 : 200,
    );

  office.get(`${SETTINGS_BASE}/options`, guards.page, async (request, reply) => {
    const query = v.safeParse(DoneQuery, request.query);
    const done = query.success ? query.output.fait : undefined;
    return optionsPage(request, reply, done ? { kind: done === 'rien' ? 'info' : 'success', text: DONE[done]! } : null);
  });

  office.post(`${SETTINGS_BASE}/options`, guards.form, async (request, reply) => {
    const values = v.parse(FormBodySchema, request.body ?? {});
    const existing = await companyOptions(sql, request.carrier!.companyId);
    if (existing.length >= MAX_OPTIONS)
      return optionsPage(request, reply, null, {
        key: 'new',
        values,
        errors: [
          { field: 'nouvelle-libelle', message: `Au plus ${MAX_OPTIONS} options\u00a0: retirez-en une avant d’en ajouter une autre.` },
        ],
      });
    const id = `opt-${randomBytes(5).toString('hex')}`;
    const read = readOption(values, 'nouvelle-', id, existing);
    if (!read.option) return optionsPage(request, reply, null, { key: 'new', values, errors: read.errors });
    const option = read.option;
    await updateOptions(sql, {
      ...who(request),
      edit: (options) => ({ options: [...options, option], summary: `Option ajoutée\u00a0: ${option.label} (${optionTerms(option)})` }),
    });
    return reply.redirect(`${OPTIONS_URL}?fait=ajoutee`, 303);
  });

  office.post(`${SETTINGS_BASE}/options/:id`, guards.form, async (request, reply) => {
    const { id } = v.parse(IdParams, request.params);
    const values = v.parse(FormBodySchema, request.body ?? {});
    const existing = await companyOptions(sql, request.carrier!.companyId);
    const before = existing.find((option) => option.id === id);
    if (!before) throw new HttpError(404, 'Option introuvable\u00a0: elle a peut-être été retirée.');
    const read = readOption(
      values,
      `o${id}-`,
      id,
      existing.filter((option) => option.id !== id),
    );
    if (!read.option) return optionsPage(request, reply, null, { key: id, values, errors: read.errors });
    const option = read.option;
    const changed = await updateOptions(sql, {
      ...who(request),
      edit: (options) =>
        sameOption(before, option)
          ? null
          : {
              options: options.map((candidate) => (candidate.id === id ? option : candidate)),
              summary: `Option modifiée\u00a0: ${option.label} (${optionTerms(before)} → ${optionTerms(option)})`,
            },
    });
    return reply.redirect(`${OPTIONS_URL}?fait=${changed ? 'enregistree' : 'rien'}`, 303);
  });

  office.post(`${SETTINGS_BASE}/options/:id/retirer`, guards.form, async (request, reply) => {
    const { id } = v.parse(IdParams, request.params);
    const changed = await updateOptions(sql, {
      ...who(request),
      edit: (options) => {
        const removed = options.find((option) => option.id === id);
        return removed
          ? { options: options.filter((option) => option.id !== id), summary: `Option retirée\u00a0: ${removed.label}` }
          : null;
      },
    });
    return reply.redirect(`${OPTIONS_URL}?fait=${changed ? 'retiree' : 'rien'}`, 303);
  });
}
