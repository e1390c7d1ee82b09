import type { HandlingRates } from '../entities/company.ts';
import type { Id } from '../entities/common.ts';
import type { Item } from '../entities/item.ts';
import type { RouteResult } from '../entities/route-result.ts';
import type { Stop } from '../entities/stop.ts';
import type { Fees, FixedPrice } from '../entities/travel.ts';
import type { VehicleCategory } from '../entities/vehicle.ts';
import type { PoolPriceOutput } from '../pools/pool-io.ts';
import { MESSAGES } from '../messages.ts';
import { driverRoute } from '../route/straight-line.ts';
import type { DayRules } from '../tariff/day-rules.ts';
import { defaultTariff, tariffVehicleCategories } from '../tariff/default-tariff.ts';
import { priceWithTariff, type TariffDetail } from '../tariff/price-tariff.ts';
import type { Tariff } from '../tariff/tariff.ts';
import { additionalCosts } from './costs.ts';
import type { HandlingEstimate, HandlingOverrides } from './handling.ts';
import { predefinedHandlingFee, predefinedTransportFee } from './transport.ts';
import { fleetHolds, resolveVehicleCategory, vehiclesForLoad } from './truck.ts';
import { roundCents, withVat, withoutVat } from './vat.ts';

export { displayedAmount } from './vat.ts';
import { shownVolume, totalVolume, vehicleVolume } from './volume.ts';

export interface EstimateInput {
  stops: readonly Stop[];
  items: readonly Item[];
  /** The customer's route through the stops; null before it is computed. */
  route: RouteResult | null;
  /** The carrier's vehicles, VAT and handling rates, when it has no tariff of its own (the default one is built from them). */
  vehicleCategories: readonly VehicleCategory[];
  vehicleCategoryId?: Id | null;
  vat: number;
  rates?: HandlingRates | null;
  /** The carrier's tariff: its VAT, rates and vehicles replace the three above. */
  tariff?: Tariff | null;
  /** The travel's day, 'yyyy-MM-dd' ('' or absent before it is chosen): the tariff's day rules read it. */
  date?: string;
  overrides?: HandlingOverrides;
  /** The pool's pricing code answer (VAT excluded), when the pool has code. */
  pool?: PoolPriceOutput | null;
  fixedPrice?: FixedPrice | null;
}

export type PriceSource = 'public' | 'pool' | 'predefined' | 'fixed';

export interface Estimate {
  /** Whole m³, as spec §9 prices it. */
  volume: number;
  /** The same load to the tenth of a m³, for the screens. */
  shownVolume: number;
  vehicleCategory: VehicleCategory | null;
  /** Vehicles (or trips) of that category the load takes: 1 unless it holds less than the load. */
  vehicleCount: number;
  truckCapacity: number;
  customer: { distance: number; duration: number };
  driver: { distance: number; duration: number };
  approximate: boolean;
  handling: HandlingEstimate;
  /** VAT included. */
  transportFee: number;
  handlingFee: number;
  costs: number;
  total: number;
  /** Seconds: drive + handling + minutes on site. */
  totalDuration: number;
  source: PriceSource;
  /** The grid's error, or the tariff's closed day, shown in place of the price (spec §4). */
  poolError: string | null;
  poolInfo: string | null;
  /** The earlier variant's price on the same tariff, VAT included (spec §9). */
  lite: { transportation: number; handling: number };
  /** The day's coefficients and closure, and each part of the tariff's price. */
  day: DayRules;
  detail: TariffDetail;
}

function pointsOf(stops: readonly Stop[]) {
  return stops.flatMap((stop) => (stop.lat === null || stop.lng === null ? [] : [{ lat: stop.lat, lng: stop.lng }]));
}

/**
 * The price pipeline of DESIGN §5: route → volume → truck → handling → pool → fixed price.
 * Every amount is VAT included; display divides by 1 + VAT in company mode.
 */
export function estimateTravel(input: EstimateInput): Estimate {
  const { stops, items, route } = input;
  const tariff =
    input.tariff ?? defaultTariff({ vat: input.vat, handling_rates: input.rates, vehicle_categories: input.vehicleCategories });
  const vat = tariff.vat;
  const volume = totalVolume(items);
  const vehicles = input.tariff ? tariffVehicleCategories(tariff) : input.vehicleCategories;
  // The vehicle by the load as shown, not the priced whole m³ (volume.ts, vehicleVolume).
  const load = vehicleVolume(items);
  const vehicleCategory = resolveVehicleCategory(load, vehicles, input.vehicleCategoryId);
  const vehicleCount = vehiclesForLoad(load, vehicleCategory);
  // More than the fleet's largest vehicle holds, at a carrier who calls back rather than price it.
  const callBack = vehicleCount > 1 && tariff.over_capacity === 'call_back' && !fleetHolds(load, vehicles);
  const customer = { distance: route?.distance ?? 0, duration: route?.duration ?? 0 };
  const driver = route ? driverRoute(customer, pointsOf(stops)) : customer;
  const overrides = { ...input.overrides, persons: input.overrides?.persons ?? input.pool?.persons ?? null };
  const priced = priceWithTariff(tariff, {
    stops,
    items,
    driver,
    volume,
    vehicleId: vehicleCategory?.id ?? null,
    date: input.date ?? '',
    overrides,
    vehicleCount,
  });
  const handling = priced.handling;

  let source: PriceSource = 'public';
  let transportFee = priced.transportFee;
  let handlingFee = priced.handlingFee;

  const predefinedTransport = predefinedTransportFee(items, vat);
  const predefinedHandling = predefinedHandlingFee(items, vat);
  if (predefinedTransport !== null || predefinedHandling !== null) source = 'predefined';
  if (predefinedTransport !== null) transportFee = predefinedTransport;
  if (predefinedHandling !== null) handlingFee = predefinedHandling;

  const pool = input.pool ?? null;
  if (pool && !pool.error) {
    source = 'pool';
    transportFee = Math.round(withVat(pool.transportation, vat));
    handlingFee = Math.round(withVat(pool.handling, vat));
  }
  if (input.fixedPrice) {
    source = 'fixed';
    transportFee = roundCents(withVat(input.fixedPrice.transportationPriceVatExcluded, vat));
    handlingFee = roundCents(withVat(input.fixedPrice.handlingPriceVatExcluded, vat));
  }
  // A pool's error, a day the carrier does not work, or a load it calls back for, stands in
  // place of the price (spec §4): no total is offered, and a booking is a price to set.
  const overCapacity = callBack && source === 'public' ? MESSAGES.overCapacity : null;
  const poolError = priced.day.closed ? MESSAGES.closedDay : (pool?.error ?? overCapacity);
  const costs = additionalCosts(items, vat);
  const total = poolError && !input.fixedPrice ? 0 : roundCents(transportFee + handlingFee + costs);
  const onSiteSeconds = stops.reduce((sum, stop) => sum + stop.durationMin * 60, 0);

  return {
    volume,
    shownVolume: shownVolume(items),
    vehicleCategory,
    vehicleCount,
    truckCapacity: vehicleCategory?.capacity ?? volume,
    customer,
    driver,
    approximate: route?.approximate ?? false,
    handling: { ...handling, fee: handlingFee },
    transportFee: poolError && !input.fixedPrice ? 0 : transportFee,
    handlingFee: poolError && !input.fixedPrice ? 0 : handlingFee,
    costs,
    total,
    totalDuration: customer.duration + handling.durationSeconds + onSiteSeconds,
    source,
    poolError,
    poolInfo: pool?.info ?? null,
    lite: priced.lite,
    day: priced.day,
    detail: priced.detail,
  };
}

/**
 * Figures derived from a straight-line route are estimates and shown so (DESIGN §4); a price
 * fixed by hand is not derived from the route, and never is.
 */
export function isPriceEstimated(estimate: Pick<Estimate, 'approximate' | 'source'>): boolean {
  return estimate.approximate && estimate.source !== 'fixed';
}

/** The estimate as the travel state's fees (spec §3). */
export function feesFromEstimate(estimate: Estimate): Fees {
  return {
    transportation: {
      customer: { ...estimate.customer },
      driver: { ...estimate.driver },
      truckCapacity: estimate.truckCapacity,
      fee: estimate.transportFee,
    },
    handling: { personsNeeded: estimate.handling.persons, duration: estimate.handling.durationSeconds, fee: estimate.handlingFee },
    additionnalCosts: estimate.costs,
  };
}

/** Editing a price inline fixes it (spec §6): the typed amount is VAT excluded in company mode. */
export function fixedPriceFromEdit(
  current: Fees,
  edit: { transportation?: number; handling?: number },
  companyMode: boolean,
  vat: number,
): FixedPrice {
  const toExcluded = (amount: number) => (companyMode ? amount : withoutVat(amount, vat));
  return {
    transportationPriceVatExcluded: roundCents(
      edit.transportation !== undefined ? toExcluded(edit.transportation) : withoutVat(current.transportation.fee, vat),
    ),
    handlingPriceVatExcluded: roundCents(edit.handling !== undefined ? toExcluded(edit.handling) : withoutVat(current.handling.fee, vat)),
  };
}
