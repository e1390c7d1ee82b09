import * as v from 'valibot';
import { IdSchema } from '../entities/common.ts';
import { isIsoDay } from '../time/iso.ts';

/**
 * A carrier's tariff as data (issue 42): what a mover writes on its price sheet, with no code.
 * Every amount is in euros; each section says whether its amounts include VAT (the public
 * grid's transport rates always did, the handling rates never did: spec §9), and the price a
 * visitor sees is computed from it by one function (price-tariff.ts) in the page and on the
 * server alike. The defaults (default-tariff.ts) price exactly as spec §9's public grid.
 */

/** Bounds no real price sheet reaches: a typing slip (an extra zero, a minus sign) is refused by name. */
export const TARIFF_BOUNDS = {
  /** € per hour (per handler, or per hour of driving). */
  hourly: 1000,
  /** € per km. */
  perKm: 100,
  /** € for a whole job or a supplement. */
  amount: 100_000,
  /** Day coefficients: 1 is the normal price, 1.2 is 20 % dearer; 0 or 1 000 is a slip. */
  coefficientMin: 0.1,
  coefficientMax: 10,
  vehicles: 20,
  vehicleCapacity: 200,
  kmBands: 5,
  seasons: 6,
  liteTiers: 10,
  closedDates: 200,
  carryMetres: 1000,
  monthEndDays: 15,
  dailyCapacity: 1000,
  leadDays: 60,
} as const;

const number = (label: string) => v.number(`${label}\u00a0: un nombre est attendu`);
const nonNegative = (label: string, max: number) =>
  v.pipe(
    number(label),
    v.finite(`${label}\u00a0: un nombre est attendu`),
    v.minValue(0, `${label}\u00a0: un montant négatif est refusé`),
    v.maxValue(max, `${label}\u00a0: ${max} au plus`),
  );
const wholeBetween = (label: string, min: number, max: number) =>
  v.pipe(number(label), v.integer(`${label}\u00a0: un nombre entier est attendu`), v.minValue(min), v.maxValue(max));

export const CoefficientSchema = v.pipe(
  number('Coefficient'),
  v.finite(),
  v.minValue(TARIFF_BOUNDS.coefficientMin, 'Coefficient\u00a0: entre 0,1 et 10 (1 = prix normal)'),
  v.maxValue(TARIFF_BOUNDS.coefficientMax, 'Coefficient\u00a0: entre 0,1 et 10 (1 = prix normal)'),
);

const isMonthDay = (text: string) => /^\d{2}-\d{2}$/.test(text) && isIsoDay(`2024-${text}`);

/** 'MM-DD', a day of any year (29 February included). */
export const MonthDaySchema = v.pipe(v.string(), v.check(isMonthDay, 'Jour de l’année invalide (MM-JJ)'));

/** A closed day: a date ('yyyy-MM-dd'), or a day closed every year ('MM-DD', such as 12-25). */
export const ClosedDateSchema = v.pipe(
  v.string(),
  v.check((text) => isIsoDay(text) || isMonthDay(text), 'Jour fermé invalide'),
);

export const TariffVehicleSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'Véhicule\u00a0: nom manquant'), v.maxLength(60)),
  /** m³. */
  capacity: v.pipe(
    number('Volume du véhicule'),
    v.finite(),
    v.minValue(0.1, 'Volume du véhicule\u00a0: plus de 0 m³'),
    v.maxValue(TARIFF_BOUNDS.vehicleCapacity),
  ),
  /** Its own rates replace the grid's per km (bands included) and per hour of driving; null: the grid's. */
  price_per_km: v.optional(v.nullable(nonNegative('Prix par km du véhicule', TARIFF_BOUNDS.perKm)), null),
  price_per_hour: v.optional(v.nullable(nonNegative('Prix par heure du véhicule', TARIFF_BOUNDS.hourly)), null),
});
export type TariffVehicle = v.InferOutput<typeof TariffVehicleSchema>;

/** From `from_km` on, each km costs `per_km` (progressive, like tax brackets). */
export const KmBandSchema = v.object({
  from_km: v.pipe(number('Tranche'), v.finite(), v.minValue(1, 'Tranche\u00a0: à partir de 1 km au moins'), v.maxValue(10_000)),
  per_km: nonNegative('Prix par km de la tranche', TARIFF_BOUNDS.perKm),
});
export type KmBand = v.InferOutput<typeof KmBandSchema>;

/** A season: from one day of the year to another, both included; it may cross the new year (12-15 to 01-05). */
export const SeasonSchema = v.object({
  label: v.pipe(v.string(), v.trim(), v.maxLength(60)),
  from: MonthDaySchema,
  to: MonthDaySchema,
  coefficient: CoefficientSchema,
});
export type Season = v.InferOutput<typeof SeasonSchema>;

/** The earlier variant's handling fee by volume (spec §9): from `from_m3` to under `under_m3`, `fee`. */
export const LiteTierSchema = v.pipe(
  v.object({
    from_m3: nonNegative('Forfait\u00a0: volume de départ', 10_000),
    under_m3: nonNegative('Forfait\u00a0: volume de fin', 10_000),
    fee: nonNegative('Forfait', TARIFF_BOUNDS.amount),
  }),
  v.check((tier) => tier.under_m3 > tier.from_m3, 'Forfait\u00a0: le volume de fin doit dépasser celui de départ'),
);
export type LiteTier = v.InferOutput<typeof LiteTierSchema>;

export const FLOOR_MODES = ['multipliers', 'per_floor'] as const;
export type FloorMode = (typeof FLOOR_MODES)[number];

/**
 * A load no vehicle of the fleet holds (issue 55, point 7): priced as that many vehicles (or
 * trips) of the largest one, each driving the route, or given no price so that the carrier
 * calls the customer back and sets it (the booking is stored as a price to set).
 */
export const OVER_CAPACITY_RULES = ['several_vehicles', 'call_back'] as const;
export type OverCapacityRule = (typeof OVER_CAPACITY_RULES)[number];
/** Spec §9's handling fee tiers, as the earlier variant prices them. */
export const SPEC_LITE_TIERS: readonly LiteTier[] = [
  { from_m3: 0, under_m3: 5, fee: 20 },
  { from_m3: 5, under_m3: 10, fee: 30 },
  { from_m3: 10, under_m3: 13, fee: 45 },
  { from_m3: 13, under_m3: 18, fee: 65 },
  { from_m3: 18, under_m3: 23, fee: 95 },
  { from_m3: 23, under_m3: 1000, fee: 120 },
];

const ascendingBands = (bands: KmBand[]) => bands.every((band, index) => index === 0 || band.from_km > bands[index - 1]!.from_km);
const distinctIds = (vehicles: TariffVehicle[]) => new Set(vehicles.map((vehicle) => String(vehicle.id))).size === vehicles.length;

export const TariffSchema = v.object({
  /** 0.2 for 20 %. */
  vat: v.pipe(number('TVA'), v.finite(), v.minValue(0, 'TVA\u00a0: de 0 à 100 %'), v.maxValue(1, 'TVA\u00a0: de 0 à 100 %')),
  handling: v.object({
    /** The spec's rates are VAT excluded (× 1.2). */
    prices_include_vat: v.optional(v.boolean(), false),
    /** Per handler per hour (spec §9: 18, and 30 for a moving). */
    rate_standard: nonNegative('Taux horaire de manutention', TARIFF_BOUNDS.hourly),
    rate_moving: nonNegative('Taux horaire de déménagement', TARIFF_BOUNDS.hourly),
  }),
  transport: v.object({
    /** The public grid's rates were VAT included (km × 0.7 + hours × 15, at least 38). */
    prices_include_vat: v.optional(v.boolean(), true),
    minimum: nonNegative('Prix minimum', TARIFF_BOUNDS.amount),
    per_km: nonNegative('Prix par km', TARIFF_BOUNDS.perKm),
    km_bands: v.optional(
      v.pipe(
        v.array(KmBandSchema),
        v.maxLength(TARIFF_BOUNDS.kmBands),
        v.check(ascendingBands, 'Tranches de km\u00a0: chacune doit commencer plus loin que la précédente'),
      ),
      [],
    ),
    /** Per hour of driving. */
    per_hour: nonNegative('Prix par heure de route', TARIFF_BOUNDS.hourly),
    /** Per stop beyond the first and the last. */
    per_extra_stop: v.optional(nonNegative('Prix par étape supplémentaire', TARIFF_BOUNDS.amount), 0),
  }),
  vehicles: v.pipe(
    v.array(TariffVehicleSchema),
    v.minLength(1, 'Au moins un véhicule'),
    v.maxLength(TARIFF_BOUNDS.vehicles),
    v.check(distinctIds, 'Deux véhicules ont le même identifiant'),
  ),
  over_capacity: v.optional(v.picklist(OVER_CAPACITY_RULES), 'several_vehicles'),
  floors: v.optional(
    v.object({
      /** Floors carried as the ground floor (no multiplier, no supplement). */
      free: v.optional(wholeBetween('Étages gratuits', 0, 12), 0),
      /** The spec's multipliers on handling time, or a price per floor above the free ones, per address. */
      mode: v.optional(v.picklist(FLOOR_MODES), 'multipliers'),
      per_floor: v.optional(nonNegative('Prix par étage', TARIFF_BOUNDS.amount), 0),
      /** With a lift: × this (spec §9: 0.7 of the multiplier, never below 1). */
      lift_factor: v.optional(v.pipe(number('Facteur ascenseur'), v.finite(), v.minValue(0), v.maxValue(1)), 0.7),
    }),
    {},
  ),
  carry: v.optional(
    v.object({
      /** Metres from the truck to the door carried at no charge. */
      free_metres: v.optional(wholeBetween('Portage gratuit', 0, TARIFF_BOUNDS.carryMetres), 0),
      step_metres: v.optional(wholeBetween('Tranche de portage', 1, TARIFF_BOUNDS.carryMetres), 10),
      per_step: v.optional(nonNegative('Prix par tranche de portage', TARIFF_BOUNDS.amount), 0),
    }),
    {},
  ),
  lite_tiers: v.optional(v.pipe(v.array(LiteTierSchema), v.maxLength(TARIFF_BOUNDS.liteTiers)), () =>
    SPEC_LITE_TIERS.map((t) => ({ ...t })),
  ),
  days: v.optional(
    v.object({
      /** Monday first (ISO order), as a French week. */
      weekdays: v.optional(v.pipe(v.array(CoefficientSchema), v.length(7, 'Sept coefficients, du lundi au dimanche')), () =>
        Array<number>(7).fill(1),
      ),
      seasons: v.optional(v.pipe(v.array(SeasonSchema), v.maxLength(TARIFF_BOUNDS.seasons)), []),
      /** The last `days` days of each month cost × `coefficient` (moves cluster there). */
      month_end: v.optional(
        v.object({
          days: v.optional(wholeBetween('Fin de mois', 0, TARIFF_BOUNDS.monthEndDays), 0),
          coefficient: v.optional(CoefficientSchema, 1),
        }),
        {},
      ),
      /** ISO weekdays closed: 1 Monday … 7 Sunday. */
      closed_weekdays: v.optional(v.pipe(v.array(wholeBetween('Jour fermé', 1, 7)), v.maxLength(7)), []),
      closed_dates: v.optional(v.pipe(v.array(ClosedDateSchema), v.maxLength(TARIFF_BOUNDS.closedDates)), []),
      /** Days of notice the carrier needs: 2 means the day after tomorrow at the soonest; 0 takes today (spec §9's default day). */
      lead_days: v.optional(wholeBetween('Délai de réservation', 0, TARIFF_BOUNDS.leadDays), 0),
    }),
    {},
  ),
  /** Bookings a day the carrier takes (kept for the calendar); null: no limit. */
  daily_capacity: v.optional(v.nullable(wholeBetween('Capacité par jour', 1, TARIFF_BOUNDS.dailyCapacity)), null),
});
export type TariffInput = v.InferInput<typeof TariffSchema>;
export type Tariff = v.InferOutput<typeof TariffSchema>;
