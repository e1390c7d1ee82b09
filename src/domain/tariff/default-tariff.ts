import {
  DEFAULT_VAT,
  HANDLING_RATE_MOVING,
  HANDLING_RATE_STANDARD,
  LITE_MINIMUM_PRICE,
  LITE_PRICE_PER_HOUR,
  LITE_PRICE_PER_KM,
} from '../constants.ts';
import type { HandlingRates } from '../entities/company.ts';
import { DEFAULT_VEHICLE_CATEGORIES, type VehicleCategory } from '../entities/vehicle.ts';
import { ELEVATOR_FACTOR } from '../pricing/floors.ts';
import { SPEC_LITE_TIERS, type Tariff } from './tariff.ts';

/** What a company's records held before tariffs existed: its VAT, its handling rates, its vehicles. */
export interface TariffBasis {
  vat?: number | null;
  handling_rates?: HandlingRates | null;
  vehicle_categories?: readonly VehicleCategory[] | null;
}

/**
 * The tariff of a company that never wrote one: spec §9's public grid with the company's own
 * VAT, handling rates and vehicles, so an untouched company prices exactly as before tariffs
 * (transport km × 0.7 + hours × 15 VAT included, at least 38; handling 18 or 30 € an hour
 * VAT excluded; the spec's floor multipliers and lift; the earlier variant's tiers).
 */
export function defaultTariff(basis: TariffBasis = {}): Tariff {
  const vehicles = basis.vehicle_categories && basis.vehicle_categories.length > 0 ? basis.vehicle_categories : DEFAULT_VEHICLE_CATEGORIES;
  return {
    vat: basis.vat ?? DEFAULT_VAT,
    handling: {
      prices_include_vat: false,
      rate_standard: basis.handling_rates?.standard ?? HANDLING_RATE_STANDARD,
      rate_moving: basis.handling_rates?.moving ?? HANDLING_RATE_MOVING,
    },
    transport: {
      prices_include_vat: true,
      minimum: LITE_MINIMUM_PRICE,
      per_km: LITE_PRICE_PER_KM,
      km_bands: [],
      per_hour: LITE_PRICE_PER_HOUR,
      per_extra_stop: 0,
    },
    vehicles: vehicles.map((vehicle) => ({
      id: vehicle.id,
      name: vehicle.name,
      capacity: vehicle.capacity,
      price_per_km: null,
      price_per_hour: null,
    })),
    over_capacity: 'several_vehicles',
    floors: { free: 0, mode: 'multipliers', per_floor: 0, lift_factor: ELEVATOR_FACTOR },
    carry: { free_metres: 0, step_metres: 10, per_step: 0 },
    lite_tiers: SPEC_LITE_TIERS.map((tier) => ({ ...tier })),
    days: {
      weekdays: [1, 1, 1, 1, 1, 1, 1],
      seasons: [],
      month_end: { days: 0, coefficient: 1 },
      closed_weekdays: [],
      closed_dates: [],
      lead_days: 0,
    },
    daily_capacity: null,
  };
}

/** The tariff a company's records price with: the one it saved, else the default built from them. */
export function tariffOf(records: TariffBasis & { tariff?: Tariff | null }): Tariff {
  return records.tariff ?? defaultTariff(records);
}

/** The handling rates of a tariff, as the handling rules read them. */
export function tariffRates(tariff: Tariff): HandlingRates {
  return { standard: tariff.handling.rate_standard, moving: tariff.handling.rate_moving };
}

/** The vehicles of a tariff, as the vehicle selector and the truck rule read them. */
export function tariffVehicleCategories(tariff: Tariff): VehicleCategory[] {
  return tariff.vehicles.map((vehicle) => ({ id: vehicle.id, name: vehicle.name, capacity: vehicle.capacity }));
}
