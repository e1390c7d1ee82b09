import * as v from 'valibot';
import { TARIFF_BOUNDS, TariffSchema, type Tariff } from 'transport-quote-wizard/domain';
import { csrfField, escapeHtml } from '../layout.ts';
import {
  checkbox,
  errorSummary,
  fieldError,
  FormReader,
  frenchNumber,
  input,
  describedBy,
  type FieldError,
  type FormValues,
  type NumberRule,
} from './form-fields.ts';

/** Monday first, as a French week (the tariff's order). */
export const WEEKDAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;

/** Rows the form offers beyond those filled: room to add without a script. */
const BLANK_VEHICLES = 2;
const SEASON_ROWS_MIN = 3;
const BLANK_TIERS = 1;

const COEFFICIENT_RANGE = 'entre 0,1 et 10 (1 = prix normal, 1,2 = 20\u00a0% plus cher)';
const coefficient = (label: string): NumberRule => ({
  label,
  min: TARIFF_BOUNDS.coefficientMin,
  max: TARIFF_BOUNDS.coefficientMax,
  range: COEFFICIENT_RANGE,
  example: '1,2',
});
const money = (label: string, max: number = TARIFF_BOUNDS.amount, example = '38'): NumberRule => ({ label, min: 0, max, example });

/** '01/07' for '07-01'; '25/12/2026' for '2026-12-25'. */
function frenchDay(iso: string): string {
  const parts = iso.split('-');
  return parts.length === 3 ? `${parts[2]}/${parts[1]}/${parts[0]}` : `${parts[1]}/${parts[0]}`;
}

/** The form's fields for a tariff, as the form shows them (French numbers, percentages, dd/mm dates). */
export function tariffValues(tariff: Tariff, basedOn: number | null): FormValues {
  const values: FormValues = {
    base: basedOn === null ? '' : String(basedOn),
    tva: frenchNumber(Number((tariff.vat * 100).toFixed(4))),
    manutention_ttc: tariff.handling.prices_include_vat ? 'ttc' : 'ht',
    taux_standard: frenchNumber(tariff.handling.rate_standard),
    taux_demenagement: frenchNumber(tariff.handling.rate_moving),
    transport_ttc: tariff.transport.prices_include_vat ? 'ttc' : 'ht',
    minimum: frenchNumber(tariff.transport.minimum),
    prix_km: frenchNumber(tariff.transport.per_km),
    prix_heure: frenchNumber(tariff.transport.per_hour),
    prix_etape: frenchNumber(tariff.transport.per_extra_stop),
    etages_gratuits: String(tariff.floors.free),
    etages_mode: tariff.floors.mode,
    prix_etage: frenchNumber(tariff.floors.per_floor),
    ascenseur: frenchNumber(tariff.floors.lift_factor),
    portage_gratuit: String(tariff.carry.free_metres),
    portage_tranche: String(tariff.carry.step_metres),
    portage_prix: frenchNumber(tariff.carry.per_step),
    fin_mois_jours: String(tariff.days.month_end.days),
    fin_mois_coef: frenchNumber(tariff.days.month_end.coefficient),
    jours_fermes: tariff.days.closed_dates.map(frenchDay).join('\n'),
    capacite: tariff.daily_capacity === null ? '' : String(tariff.daily_capacity),
    au_dela: tariff.over_capacity,
    delai: String(tariff.days.lead_days),
  };
  tariff.transport.km_bands.forEach((band, index) => {
    values[`tranche_${index + 1}_km`] = frenchNumber(band.from_km);
    values[`tranche_${index + 1}_prix`] = frenchNumber(band.per_km);
  });
  tariff.vehicles.forEach((vehicle, index) => {
    const row = `vehicule_${index + 1}`;
    values[`${row}_id`] = String(vehicle.id);
    values[`${row}_nom`] = vehicle.name;
    values[`${row}_volume`] = frenchNumber(vehicle.capacity);
    values[`${row}_prix_km`] = frenchNumber(vehicle.price_per_km);
    values[`${row}_prix_heure`] = frenchNumber(vehicle.price_per_hour);
  });
  tariff.days.weekdays.forEach((value, index) => {
    values[`coef_${index + 1}`] = frenchNumber(value);
  });
  tariff.days.closed_weekdays.forEach((weekday) => {
    values[`ferme_${weekday}`] = 'on';
  });
  tariff.days.seasons.forEach((season, index) => {
    const row = `saison_${index + 1}`;
    values[`${row}_nom`] = season.label;
    values[`${row}_du`] = frenchDay(season.from);
    values[`${row}_au`] = frenchDay(season.to);
    values[`${row}_coef`] = frenchNumber(season.coefficient);
  });
  tariff.lite_tiers.forEach((tier, index) => {
    const row = `forfait_${index + 1}`;
    values[`${row}_de`] = frenchNumber(tier.from_m3);
    values[`${row}_a`] = frenchNumber(tier.under_m3);
    values[`${row}_prix`] = frenchNumber(tier.fee);
  });
  return values;
}

/** Rows the values hold for a prefix ('vehicule' → the highest n of vehicule_n_…). */
function rowsOf(values: FormValues, prefix: string): number {
  let rows = 0;
  for (const name of Object.keys(values)) {
    const match = new RegExp(`^${prefix}_(\\d{1,2})_`).exec(name);
    if (match) rows = Math.max(rows, Number(match[1]));
  }
  return rows;
}

const rowIsEmpty = (values: FormValues, row: string, fields: readonly string[]) =>
  fields.every((field) => (values[`${row}_${field}`] ?? '').trim() === '');

/** 'jj/mm' → 'MM-DD', 'jj/mm/aaaa' → 'yyyy-MM-dd'; null when it is no such day. */
function isoDay(text: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{4}))?$/.exec(text.trim());
  if (!match) return null;
  const day = match[1]!.padStart(2, '0');
  const month = match[2]!.padStart(2, '0');
  const iso = match[3] ? `${match[3]}-${month}-${day}` : `${month}-${day}`;
  const check = match[3] ? iso : `2024-${iso}`;
  const date = new Date(`${check}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === check ? iso : null;
}

export interface ParsedTariff {
  tariff: Tariff | null;
  errors: FieldError[];
  /** The version the form was opened on (null: the default tariff). */
  basedOn: number | null;
}

/**
 * The tariff a form describes, every field checked in French and named; null with the errors
 * when any is wrong. The tariff's own schema has the last word (nothing it refuses is saved).
 */
export function parseTariffForm(values: FormValues): ParsedTariff {
  const form = new FormReader(values);
  const base = form.text('base');
  const basedOn = /^\d{1,9}$/.test(base) ? Number(base) : null;

  const vatPercent = form.number('tva', { label: 'TVA', min: 0, max: 100, example: '20' });
  const handlingIncluded = form.text('manutention_ttc') === 'ttc';
  const transportIncluded = form.text('transport_ttc') === 'ttc';
  const rateStandard = form.number('taux_standard', money('Taux horaire de manutention', TARIFF_BOUNDS.hourly, '18'));
  const rateMoving = form.number('taux_demenagement', money('Taux horaire de déménagement', TARIFF_BOUNDS.hourly, '30'));
  const minimum = form.number('minimum', money('Prix minimum du transport'));
  const perKm = form.number('prix_km', money('Prix par km', TARIFF_BOUNDS.perKm, '0,70'));
  const perHour = form.number('prix_heure', money('Prix par heure de route', TARIFF_BOUNDS.hourly, '15'));
  const perStop = form.number('prix_etape', money('Prix par étape supplémentaire', TARIFF_BOUNDS.amount, '25'));

  const bands = readKmBands(form, values);

  const vehicles = readVehicles(form, values);
  const overCapacity = form.text('au_dela') === 'call_back' ? 'call_back' : 'several_vehicles';

  const floorsFree = form.number('etages_gratuits', { label: 'Étages gratuits', min: 0, max: 12, integer: true, example: '2' });
  const floorMode = form.text('etages_mode') === 'per_floor' ? 'per_floor' : 'multipliers';
  const perFloor = form.number('prix_etage', money('Prix par étage', TARIFF_BOUNDS.amount, '15'));
  const lift = form.number('ascenseur', { label: 'Facteur ascenseur', min: 0, max: 1, example: '0,7' });
  const carryFree = form.number('portage_gratuit', {
    label: 'Portage gratuit',
    min: 0,
    max: TARIFF_BOUNDS.carryMetres,
    integer: true,
    example: '20',
  });
  const carryStep = form.number('portage_tranche', {
    label: 'Tranche de portage',
    min: 1,
    max: TARIFF_BOUNDS.carryMetres,
    integer: true,
    example: '10',
  });
  const carryPrice = form.number('portage_prix', money('Prix par tranche de portage', TARIFF_BOUNDS.amount, '15'));

  const weekdays = WEEKDAYS.map((day, index) => form.number(`coef_${index + 1}`, coefficient(`Coefficient du ${day}`)));
  const seasons = readSeasons(form, values);
  const monthEndDays = form.number('fin_mois_jours', {
    label: 'Fin de mois, derniers jours',
    min: 0,
    max: TARIFF_BOUNDS.monthEndDays,
    integer: true,
    example: '3',
  });
  const monthEnd = form.number('fin_mois_coef', coefficient('Fin de mois, coefficient'));
  const closedWeekdays = WEEKDAYS.flatMap((_, index) => (form.checked(`ferme_${index + 1}`) ? [index + 1] : []));
  const closedDates = readClosedDates(form);
  const capacity = form.number('capacite', {
    label: 'Réservations par jour',
    min: 1,
    max: TARIFF_BOUNDS.dailyCapacity,
    integer: true,
    optional: true,
    example: '4',
  });

  const leadDays = form.number('delai', {
    label: 'Délai de réservation',
    min: 0,
    max: TARIFF_BOUNDS.leadDays,
    integer: true,
    optional: true,
    example: '2',
  });

  const tiers = readLiteTiers(form, values);

  if (form.errors.length > 0) return { tariff: null, errors: form.errors, basedOn };
  const candidate = {
    vat: vatPercent! / 100,
    handling: { prices_include_vat: handlingIncluded, rate_standard: rateStandard, rate_moving: rateMoving },
    transport: {
      prices_include_vat: transportIncluded,
      minimum,
      per_km: perKm,
      km_bands: bands,
      per_hour: perHour,
      per_extra_stop: perStop,
    },
    vehicles,
    over_capacity: overCapacity,
    floors: { free: floorsFree, mode: floorMode, per_floor: perFloor, lift_factor: lift },
    carry: { free_metres: carryFree, step_metres: carryStep, per_step: carryPrice },
    lite_tiers: tiers,
    days: {
      weekdays,
      seasons,
      month_end: { days: monthEndDays, coefficient: monthEnd },
      closed_weekdays: closedWeekdays,
      closed_dates: closedDates,
      // Left empty: no notice, as before the field existed.
      lead_days: leadDays ?? 0,
    },
    daily_capacity: capacity,
  };
  const parsed = v.safeParse(TariffSchema, candidate);
  if (!parsed.success) return { tariff: null, errors: parsed.issues.map((issue) => ({ field: 'tva', message: issue.message })), basedOn };
  return { tariff: parsed.output, errors: [], basedOn };
}

/** The distance bands, each farther than the one before. */
function readKmBands(form: FormReader, values: FormValues) {
  const bands: { from_km: number; per_km: number }[] = [];
  for (let row = 1; row <= TARIFF_BOUNDS.kmBands; row += 1) {
    const name = `tranche_${row}`;
    if (rowIsEmpty(values, name, ['km', 'prix'])) continue;
    const from = form.number(`${name}_km`, { label: `Tranche ${row}, à partir de`, min: 1, max: 10_000, example: '100' });
    const price = form.number(`${name}_prix`, money(`Tranche ${row}, prix par km`, TARIFF_BOUNDS.perKm, '0,60'));
    if (from !== null && price !== null) {
      const previous = bands[bands.length - 1];
      if (previous && from <= previous.from_km)
        form.fail(
          `${name}_km`,
          `Tranche ${row}, à partir de\u00a0: plus loin que la tranche précédente (${frenchNumber(previous.from_km)}\u00a0km).`,
        );
      else bands.push({ from_km: from, per_km: price });
    }
  }
  return bands;
}

/** The vehicles: each named, sized and kept under its id (bookings name it); at least one. */
function readVehicles(form: FormReader, values: FormValues) {
  const vehicles: Tariff['vehicles'] = [];
  const vehicleRows = Math.min(rowsOf(values, 'vehicule'), TARIFF_BOUNDS.vehicles + BLANK_VEHICLES);
  const usedIds = new Set<string>();
  for (let row = 1; row <= vehicleRows; row += 1) {
    const name = `vehicule_${row}`;
    if (rowIsEmpty(values, name, ['nom', 'volume', 'prix_km', 'prix_heure'])) continue;
    const label = form.text(`${name}_nom`);
    if (label === '') form.fail(`${name}_nom`, `Véhicule ${row}\u00a0: donnez-lui un nom, par exemple «\u202fFourgon 12\u00a0m³\u202f».`);
    else if (label.length > 60) form.fail(`${name}_nom`, `Véhicule ${row}\u00a0: un nom de 60 caractères au plus.`);
    const capacity = form.number(`${name}_volume`, {
      label: `Véhicule ${row}, volume`,
      min: 0.1,
      max: TARIFF_BOUNDS.vehicleCapacity,
      example: '12',
    });
    const vehicleKm = form.number(`${name}_prix_km`, {
      ...money(`Véhicule ${row}, prix par km`, TARIFF_BOUNDS.perKm, '0,90'),
      optional: true,
    });
    const vehicleHour = form.number(`${name}_prix_heure`, {
      ...money(`Véhicule ${row}, prix par heure`, TARIFF_BOUNDS.hourly, '20'),
      optional: true,
    });
    // A vehicle keeps its id (bookings name it); a new one takes the next free number.
    const typedId = form.text(`${name}_id`);
    const id = /^-?\d{1,6}$/.test(typedId) && !usedIds.has(typedId) ? Number(typedId) : null;
    if (label !== '' && label.length <= 60 && capacity !== null)
      vehicles.push({ id: id ?? Number.NaN, name: label, capacity, price_per_km: vehicleKm, price_per_hour: vehicleHour });
    if (id !== null) usedIds.add(String(id));
  }
  let next = Math.max(0, ...vehicles.map((vehicle) => (Number.isNaN(Number(vehicle.id)) ? 0 : Number(vehicle.id)))) + 1;
  for (const vehicle of vehicles) if (Number.isNaN(Number(vehicle.id))) vehicle.id = next++;
  if (vehicles.length === 0 && !form.errors.some((error) => error.field.startsWith('vehicule_')))
    form.fail('vehicule_1_nom', 'Véhicules\u00a0: gardez au moins un véhicule.');
  if (vehicles.length > TARIFF_BOUNDS.vehicles) form.fail('vehicule_1_nom', `Véhicules\u00a0: ${TARIFF_BOUNDS.vehicles} au plus.`);
  return vehicles;
}

/** The seasons: a name, a first and a last day (jj/mm) and a coefficient. */
function readSeasons(form: FormReader, values: FormValues) {
  const seasons: Tariff['days']['seasons'] = [];
  for (let row = 1; row <= Math.min(rowsOf(values, 'saison'), TARIFF_BOUNDS.seasons); row += 1) {
    const name = `saison_${row}`;
    if (rowIsEmpty(values, name, ['nom', 'du', 'au', 'coef'])) continue;
    const label = form.text(`${name}_nom`).slice(0, 60);
    const from = isoDay(form.text(`${name}_du`));
    const to = isoDay(form.text(`${name}_au`));
    if (from === null || from.length !== 5) form.fail(`${name}_du`, `Saison ${row}, du\u00a0: un jour et un mois, par exemple 01/07.`);
    if (to === null || to.length !== 5) form.fail(`${name}_au`, `Saison ${row}, au\u00a0: un jour et un mois, par exemple 31/08.`);
    const value = form.number(`${name}_coef`, coefficient(`Saison ${row}, coefficient`));
    if (from?.length === 5 && to?.length === 5 && value !== null)
      seasons.push({ label: label || `Saison ${row}`, from, to, coefficient: value });
  }
  return seasons;
}

/** The closed days as typed, one per line or separated by commas: jj/mm every year, or jj/mm/aaaa. */
function readClosedDates(form: FormReader) {
  const closedDates: string[] = [];
  for (const line of form.text('jours_fermes').split(/[\n,;]+/)) {
    const text = line.trim();
    if (text === '') continue;
    const day = isoDay(text);
    if (day === null) {
      form.fail(
        'jours_fermes',
        `Jours fermés\u00a0: «\u202f${text.slice(0, 20)}\u202f» n’est pas une date (jj/mm pour chaque année, ou jj/mm/aaaa).`,
      );
      break;
    }
    if (!closedDates.includes(day)) closedDates.push(day);
  }
  if (closedDates.length > TARIFF_BOUNDS.closedDates)
    form.fail('jours_fermes', `Jours fermés\u00a0: ${TARIFF_BOUNDS.closedDates} au plus.`);
  return closedDates;
}

/** The lite's volume tiers, each ending past where it starts. */
function readLiteTiers(form: FormReader, values: FormValues) {
  const tiers: Tariff['lite_tiers'] = [];
  for (let row = 1; row <= Math.min(rowsOf(values, 'forfait'), TARIFF_BOUNDS.liteTiers); row += 1) {
    const name = `forfait_${row}`;
    if (rowIsEmpty(values, name, ['de', 'a', 'prix'])) continue;
    const from = form.number(`${name}_de`, { label: `Forfait ${row}, de`, min: 0, max: 10_000, example: '0' });
    const under = form.number(`${name}_a`, { label: `Forfait ${row}, jusqu’à`, min: 0, max: 10_000, example: '5' });
    const fee = form.number(`${name}_prix`, money(`Forfait ${row}, prix`, TARIFF_BOUNDS.amount, '20'));
    if (from !== null && under !== null && under <= from)
      form.fail(`${name}_a`, `Forfait ${row}\u00a0: le volume de fin doit dépasser celui de départ.`);
    else if (from !== null && under !== null && fee !== null) tiers.push({ from_m3: from, under_m3: under, fee });
  }
  return tiers;
}

/** The unit beside an amount of a section, as the section's choice says (the form's own, when it was refused). */
const unitOf = (values: FormValues, section: 'transport_ttc' | 'manutention_ttc') => (values[section] === 'ttc' ? '€ TTC' : '€ HT');

function vatChoice(name: 'transport_ttc' | 'manutention_ttc', label: string, values: FormValues): string {
  const included = values[name] === 'ttc';
  return `<div class="field"><label for="f-${name}">${escapeHtml(label)}</label><select id="f-${name}" name="${name}"><option value="ht"${included ? '' : ' selected'}>Hors taxes (HT)</option><option value="ttc"${included ? ' selected' : ''}>Toutes taxes comprises (TTC)</option></select></div>`;
}

function section(id: string, title: string, what: string, body: string): string {
  return `<fieldset class="card tariff-section" aria-describedby="d-${id}"><legend><h2 id="${id}">${escapeHtml(title)}</h2></legend><p class="meta" id="d-${id}">${escapeHtml(what)}</p>${body}</fieldset>`;
}

function rowsShown(values: FormValues, prefix: string, extra: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, rowsOf(values, prefix) + extra));
}

export interface TariffFormInput {
  csrf: string;
  values: FormValues;
  errors: readonly FieldError[];
  action: string;
  simulateAction: string;
}

/** The Tarifs form: every part of the tariff, in the order a mover writes its price sheet. */
export function renderTariffForm({ csrf, values, errors, action, simulateAction }: TariffFormInput): string {
  const at = { values, errors };
  const transportUnit = unitOf(values, 'transport_ttc');
  const handlingUnit = unitOf(values, 'manutention_ttc');

  const vehicles = Array.from({ length: rowsShown(values, 'vehicule', BLANK_VEHICLES, 1, TARIFF_BOUNDS.vehicles) }, (_, index) => {
    const row = `vehicule_${index + 1}`;
    const title = values[`${row}_nom`]?.trim() ? `Véhicule ${index + 1}` : `Véhicule ${index + 1} (à ajouter)`;
    return `<fieldset class="row"><legend>${escapeHtml(title)}</legend><input type="hidden" name="${row}_id" value="${escapeHtml(values[`${row}_id`] ?? '')}">${input({ ...at, context: `Véhicule ${index + 1}`, name: `${row}_nom`, label: 'Nom', kind: 'text' })}${input({ ...at, context: `Véhicule ${index + 1}`, name: `${row}_volume`, label: 'Volume', unit: 'm³', size: 6 })}${input({ ...at, context: `Véhicule ${index + 1}`, name: `${row}_prix_km`, label: 'Prix par km (facultatif)', unit: `${transportUnit}/km`, size: 6 })}${input({ ...at, context: `Véhicule ${index + 1}`, name: `${row}_prix_heure`, label: 'Prix par heure (facultatif)', unit: `${transportUnit}/h`, size: 6 })}</fieldset>`;
  }).join('');

  const bands = Array.from({ length: TARIFF_BOUNDS.kmBands }, (_, index) => {
    const row = `tranche_${index + 1}`;
    return `<fieldset class="row"><legend>Tranche ${index + 1}</legend>${input({ ...at, context: `Tranche ${index + 1}`, name: `${row}_km`, label: 'À partir de', unit: 'km', size: 6, kind: 'numeric' })}${input({ ...at, context: `Tranche ${index + 1}`, name: `${row}_prix`, label: 'Prix par km', unit: `${transportUnit}/km`, size: 6 })}</fieldset>`;
  }).join('');

  const weekdays = WEEKDAYS.map((day, index) =>
    input({ ...at, name: `coef_${index + 1}`, label: day[0]!.toUpperCase() + day.slice(1), unit: '×', size: 5 }),
  ).join('');
  const closedWeekdays = WEEKDAYS.map((day, index) => checkbox(`ferme_${index + 1}`, `Fermé le ${day}`, values)).join('');

  const seasons = Array.from({ length: rowsShown(values, 'saison', 1, SEASON_ROWS_MIN, TARIFF_BOUNDS.seasons) }, (_, index) => {
    const row = `saison_${index + 1}`;
    return `<fieldset class="row"><legend>Saison ${index + 1}</legend>${input({ ...at, context: `Saison ${index + 1}`, name: `${row}_nom`, label: 'Nom', kind: 'text', size: 14 })}${input({ ...at, context: `Saison ${index + 1}`, name: `${row}_du`, label: 'Du (jj/mm)', kind: 'text', size: 6 })}${input({ ...at, context: `Saison ${index + 1}`, name: `${row}_au`, label: 'Au (jj/mm)', kind: 'text', size: 6 })}${input({ ...at, context: `Saison ${index + 1}`, name: `${row}_coef`, label: 'Coefficient', unit: '×', size: 5 })}</fieldset>`;
  }).join('');

  const tiers = Array.from({ length: rowsShown(values, 'forfait', BLANK_TIERS, 1, TARIFF_BOUNDS.liteTiers) }, (_, index) => {
    const row = `forfait_${index + 1}`;
    return `<fieldset class="row"><legend>Forfait ${index + 1}</legend>${input({ ...at, context: `Forfait ${index + 1}`, name: `${row}_de`, label: 'De', unit: 'm³', size: 5 })}${input({ ...at, context: `Forfait ${index + 1}`, name: `${row}_a`, label: 'Jusqu’à (exclu)', unit: 'm³', size: 5 })}${input({ ...at, context: `Forfait ${index + 1}`, name: `${row}_prix`, label: 'Prix', unit: transportUnit, size: 6 })}</fieldset>`;
  }).join('');

  const callBack = values.au_dela === 'call_back';
  const overCapacity = `<fieldset class="choice"><legend>Un chargement plus grand que le plus grand véhicule</legend><label class="check"><input type="radio" name="au_dela" value="several_vehicles"${callBack ? '' : ' checked'}> se chiffre avec autant de véhicules (ou de voyages) qu’il en faut\u00a0: le transport compte pour chacun</label><label class="check"><input type="radio" name="au_dela" value="call_back"${callBack ? ' checked' : ''}> n’a pas de prix en ligne\u00a0: la demande arrive «\u202fprix à fixer\u202f» et vous rappelez le client</label></fieldset>`;
  const perFloor = values.etages_mode === 'per_floor';
  const floorMode = `<fieldset class="choice"><legend>Les étages se paient</legend><label class="check"><input type="radio" name="etages_mode" value="multipliers"${perFloor ? '' : ' checked'}> en temps de manutention (coefficients par étage\u00a0: 1,05 au 1er, 1,1 au 3e, 3,6 au 12e)</label><label class="check"><input type="radio" name="etages_mode" value="per_floor"${perFloor ? ' checked' : ''}> par un prix à chaque étage au-delà des étages gratuits, à chaque adresse</label></fieldset>`;

  return `${errorSummary('Le tarif n’a pas été enregistré\u00a0: corrigez les champs signalés. Vos saisies sont gardées.', errors)}
<form method="post" action="${action}" class="tariff-form" novalidate>
${csrfField(csrf)}
<input type="hidden" name="base" value="${escapeHtml(values.base ?? '')}">
${section(
  'tva-manutention',
  'TVA et manutention',
  'Le prix de la manutention\u00a0: les heures de chargement et de déchargement × les manutentionnaires × le taux horaire. Un déménagement (2 personnes sur le plus gros objet, ou 7\u00a0m³ et plus) prend le taux de déménagement.',
  `<div class="grid">${input({ ...at, name: 'tva', label: 'TVA', unit: '%', size: 5, help: 'Les clients particuliers voient les prix TTC, les clients professionnels HT.' })}${vatChoice('manutention_ttc', 'Taux de manutention saisis', values)}${input({ ...at, name: 'taux_standard', label: 'Taux horaire de manutention', unit: `${handlingUnit}/h`, size: 6, help: 'Par manutentionnaire.' })}${input({ ...at, name: 'taux_demenagement', label: 'Taux horaire de déménagement', unit: `${handlingUnit}/h`, size: 6, help: 'Par manutentionnaire.' })}</div>`,
)}
${section(
  'transport',
  'Transport',
  'Le prix du trajet du camion, aller et retour\u00a0: les km × le prix par km, plus les heures de route × le prix par heure, plus les étapes au-delà de la première et de la dernière adresse\u202f; au moins le prix minimum.',
  `<div class="grid">${vatChoice('transport_ttc', 'Prix du transport saisis', values)}${input({ ...at, name: 'minimum', label: 'Prix minimum du transport', unit: transportUnit, size: 6 })}${input({ ...at, name: 'prix_km', label: 'Prix par km', unit: `${transportUnit}/km`, size: 6 })}${input({ ...at, name: 'prix_heure', label: 'Prix par heure de route', unit: `${transportUnit}/h`, size: 6 })}${input({ ...at, name: 'prix_etape', label: 'Prix par étape supplémentaire', unit: transportUnit, size: 6, help: 'À chaque adresse au-delà de deux.' })}</div>
<details class="bands"${bands.includes('aria-invalid') || Object.keys(values).some((name) => name.startsWith('tranche_') && values[name]!.trim() !== '') ? ' open' : ''}><summary>Tranches de km (facultatif)</summary><p class="meta">Au-delà d’une distance, chaque km prend le prix de sa tranche\u00a0: par exemple 0,70\u00a0€ jusqu’à 100\u00a0km, puis 0,60\u00a0€ à partir de 100\u00a0km.</p>${bands}</details>`,
)}
${section(
  'vehicules',
  'Véhicules',
  'Le plus petit véhicule qui contient le volume fait le trajet\u202f; ses propres prix par km et par heure remplacent ceux du transport. Laissez une ligne vide pour la retirer.',
  `<div class="rows">${vehicles}</div>${overCapacity}`,
)}
${section(
  'etages',
  'Étages, ascenseur et portage',
  'Ce que coûtent les étages sans ascenseur et les longs portages à pied, ajouté à la manutention.',
  `${floorMode}<div class="grid">${input({ ...at, name: 'etages_gratuits', label: 'Étages gratuits', size: 4, kind: 'numeric', help: 'Comptés comme le rez-de-chaussée.' })}${input({ ...at, name: 'prix_etage', label: 'Prix par étage', unit: handlingUnit, size: 6, help: 'Quand les étages se paient par un prix.' })}${input({ ...at, name: 'ascenseur', label: 'Facteur ascenseur', unit: '×', size: 5, help: '0,7\u00a0: un étage desservi par l’ascenseur coûte 70\u00a0% d’un étage à pied.' })}${input({ ...at, name: 'portage_gratuit', label: 'Portage gratuit', unit: 'm', size: 5, kind: 'numeric', help: 'Distance à pied du camion à la porte, sans supplément.' })}${input({ ...at, name: 'portage_tranche', label: 'Par tranche de', unit: 'm', size: 5, kind: 'numeric' })}${input({ ...at, name: 'portage_prix', label: 'Prix par tranche de portage', unit: handlingUnit, size: 6 })}</div>`,
)}
${section(
  'jours',
  'Jours et saisons',
  'Un coefficient multiplie le prix du transport et de la manutention du jour\u00a0: 1 est le prix normal, 1,2 le rend 20\u00a0% plus cher. Plusieurs coefficients du même jour se multiplient.',
  `<h3>Jours de la semaine</h3><div class="grid days">${weekdays}</div>
<h3>Saisons</h3><div class="rows">${seasons}</div>
<h3>Fin de mois</h3><div class="grid">${input({ ...at, name: 'fin_mois_jours', label: 'Derniers jours du mois', unit: 'jours', size: 4, kind: 'numeric', help: '0\u00a0: pas de coefficient de fin de mois.' })}${input({ ...at, name: 'fin_mois_coef', label: 'Coefficient de fin de mois', unit: '×', size: 5 })}</div>
<h3>Fermetures</h3><fieldset class="choice"><legend>Jours fermés chaque semaine</legend><div class="checks">${closedWeekdays}</div></fieldset>
<div class="field"><label for="f-jours_fermes">Autres jours fermés</label><textarea id="f-jours_fermes" name="jours_fermes" rows="3"${describedBy('jours_fermes', errors, true)}>${escapeHtml(values.jours_fermes ?? '')}</textarea><p class="help" id="h-jours_fermes">Un par ligne\u00a0: 25/12 pour chaque année, 14/05/2026 pour ce jour-là. Ces jours-là, le calendrier affiche «\u202fFermé\u202f» et aucune réservation n’est prise.</p>${fieldError('jours_fermes', errors)}</div>
${input({ ...at, name: 'delai', label: 'Délai de réservation', unit: 'jours', size: 4, kind: 'numeric', help: '0\u00a0: un client peut réserver pour le jour même. 2\u00a0: au plus tôt pour après-demain. Les jours plus proches sont grisés dans le calendrier de vos pages.' })}
${input({ ...at, name: 'capacite', label: 'Réservations par jour (facultatif)', size: 5, kind: 'numeric', help: 'Dès que ce nombre de réservations acceptées est atteint un jour, le calendrier affiche ce jour complet et plus aucune réservation n’y est prise. Vide\u00a0: sans limite.' })}`,
)}
${section(
  'formulaire-simplifie',
  'Formulaire simplifié',
  'Le formulaire simplifié (quatre étapes) ajoute au transport un forfait de manutention selon le volume, au lieu des heures.',
  `<details class="bands"${errors.some((error) => error.field.startsWith('forfait_')) ? ' open' : ''}><summary>Forfaits par volume</summary><div class="rows">${tiers}</div></details>`,
)}
<p class="meta">Les devis déjà donnés gardent leur prix\u202f; les nouveaux prennent le tarif enregistré.</p>
<div class="form-actions"><button type="submit" class="button secondary" formaction="${simulateAction}">Simuler avant d’enregistrer</button><button type="submit" class="button primary">Enregistrer le tarif</button></div>
</form>`;
}
