import type { Id } from '../entities/common.ts';
import type { Item } from '../entities/item.ts';
import { isLoadItem } from '../entities/item.ts';
import type { Stop } from '../entities/stop.ts';
import { baseFloorMultiplier } from '../pricing/floors.ts';
import { handlingWork, type FloorRule, type HandlingEstimate, type HandlingOverrides } from '../pricing/handling.ts';
import { customItemTransportFee } from '../pricing/transport.ts';
import { dayRules, type DayRules } from './day-rules.ts';
import { tariffRates } from './default-tariff.ts';
import type { KmBand, LiteTier, Tariff } from './tariff.ts';

/** The trip as a tariff prices it: nothing of it is a price. */
export interface TariffTrip {
  stops: readonly Stop[];
  items: readonly Item[];
  /** The route the truck drives (the customer's and the way back): metres and seconds. */
  driver: { distance: number; duration: number };
  /** Whole m³ (spec §9). */
  volume: number;
  /** The vehicle that does the job, whose own rates replace the grid's when it has them. */
  vehicleId: Id | null;
  /** 'yyyy-MM-dd', or '' before the day is chosen (no day rule applies then). */
  date: string;
  overrides?: HandlingOverrides;
  /** Vehicles (or trips) the load takes, each driving the route (issue 55, point 7); 1 when absent. */
  vehicleCount?: number;
}

/** Each part of a tariff's price, for the carrier's simulation and the tests. VAT as the tariff's sections say. */
export interface TariffDetail {
  km: number;
  hours: number;
  kmPart: number;
  hourPart: number;
  extraStops: number;
  extraStopsPart: number;
  /** The transport of one vehicle before the minimum and the day's coefficient. */
  transportRaw: number;
  /** Vehicles (or trips) the transport counts. */
  vehicleCount: number;
  minimumApplied: boolean;
  handlingHoursPart: number;
  floorsPart: number;
  carryPart: number;
}

export interface TariffPrice {
  handling: HandlingEstimate;
  /** Whole euros, VAT included. */
  transportFee: number;
  handlingFee: number;
  /** The earlier variant's price (spec §9) on this tariff, split as the booking sends it; both 0 when no tier holds the volume. */
  lite: { transportation: number; handling: number };
  day: DayRules;
  detail: TariffDetail;
}

/** Progressive km price: up to the first band at the grid's rate, then each band's km at its own. */
export function kmPrice(km: number, perKm: number, bands: readonly KmBand[]): number {
  if (bands.length === 0) return km * perKm;
  let total = Math.min(km, bands[0]!.from_km) * perKm;
  bands.forEach((band, index) => {
    const end = index + 1 < bands.length ? bands[index + 1]!.from_km : Infinity;
    if (km > band.from_km) total += (Math.min(km, end) - band.from_km) * band.per_km;
  });
  return total;
}

/** The tier fee for a volume; null outside the tiers (1000 m³ and more is not a quote on the spec's). */
export function liteTierFee(volume: number, tiers: readonly LiteTier[]): number | null {
  const tier = tiers.find((candidate) => volume >= candidate.from_m3 && volume < candidate.under_m3);
  return tier ? tier.fee : null;
}

/**
 * How floors weigh on handling time. With the spec's multipliers, the free floors count as the
 * ground floor, the others as the table says, and a lift on both the address and the item
 * takes the lift's factor of it (never below 1, spec §9); priced per floor instead, every
 * floor counts as the ground floor (the stairs are paid apart) and the street as nothing.
 */
export function floorRuleOf(floors: Tariff['floors']): FloorRule {
  return (stop, item) => {
    if (item.category === 'custom-item') return 1;
    if (stop.floor < 0) return 0;
    if (floors.mode === 'per_floor') return 1;
    const base = stop.floor <= floors.free ? 1 : baseFloorMultiplier(stop.floor);
    if (!(stop.elevator && item.elevator)) return base;
    const withLift = base * floors.lift_factor;
    return withLift > 0 && withLift < 1 ? 1 : withLift;
  };
}

/** Floors above the free ones, at each address, at the price per floor (× the lift's factor where there is a lift). */
function floorsSupplement(stops: readonly Stop[], floors: Tariff['floors']): number {
  if (floors.mode !== 'per_floor' || floors.per_floor === 0) return 0;
  return stops.reduce((sum, stop) => {
    const above = Math.max(0, stop.floor - floors.free);
    return sum + above * floors.per_floor * (stop.elevator ? floors.lift_factor : 1);
  }, 0);
}

/** Metres carried beyond the free ones, at each address, by started step. */
function carrySupplement(stops: readonly Stop[], carry: Tariff['carry']): number {
  if (carry.per_step === 0) return 0;
  return stops.reduce((sum, stop) => {
    const beyond = Math.max(0, (stop.carryMetres ?? 0) - carry.free_metres);
    return sum + Math.ceil(beyond / carry.step_metres) * carry.per_step;
  }, 0);
}

/**
 * The price of a trip on a carrier's tariff: the one function the page's estimate and the
 * server's quote both call, so the estimate shown is the quote to the cent.
 *
 * Transport = max(minimum, km price + hours × rate per hour + extra stops × their price), × the
 * vehicles the load takes (one unless no vehicle holds it), × the day's coefficient, × (1 + VAT)
 * when the transport section is VAT excluded; rounded to the euro.
 * Handling = (billed hours × handlers × hourly rate + floors + carry) × the day's coefficient,
 * VAT added when the section is VAT excluded, plus the hand-set handling prices with VAT
 * (which no coefficient touches); rounded to the euro (spec §9).
 *
 * Worked example (the default tariff: spec §9's public grid, transport VAT included, handling
 * VAT excluded): a driver's route of 100 km in 1 h 30 min, 2 handlers for 3 h at the moving
 * rate: transport max(38, 100 × 0.7 + 1.5 × 15) = 92.5 → 93 €; handling 3 × 2 × 30 × 1.2 = 216 €.
 * On a Saturday at 1.2: transport 92.5 × 1.2 = 111 €, handling 3 × 2 × 30 × 1.2 × 1.2 = 259.2 → 259 €.
 *
 * The sums are written in the order spec §9's formulas are, so that the default tariff gives
 * today's figures bit for bit (a floating-point sum depends on its order).
 */
export function priceWithTariff(tariff: Tariff, trip: TariffTrip): TariffPrice {
  const { stops, items, driver, volume } = trip;
  const vat = tariff.vat;
  const transportFactor = tariff.transport.prices_include_vat ? 1 : 1 + vat;
  const handlingVatIncluded = tariff.handling.prices_include_vat;
  const handlingFactor = handlingVatIncluded ? 1 : 1 + vat;
  const day = dayRules(tariff, trip.date);
  const coefficient = day.coefficient;

  // Transport.
  const vehicle =
    trip.vehicleId === null ? undefined : tariff.vehicles.find((candidate) => String(candidate.id) === String(trip.vehicleId));
  const km = driver.distance / 1000;
  const hours = driver.duration / 3600;
  const transport = tariff.transport;
  const kmPart = vehicle?.price_per_km != null ? km * vehicle.price_per_km : kmPrice(km, transport.per_km, transport.km_bands);
  const hourPart = hours * (vehicle?.price_per_hour ?? transport.per_hour);
  const extraStops = Math.max(0, stops.length - 2);
  const extraStopsPart = extraStops * transport.per_extra_stop;
  const transportRaw = kmPart + hourPart + extraStopsPart;
  // A load no vehicle holds alone is driven by as many, each at the one vehicle's price.
  const vehicleCount = trip.vehicleCount ?? 1;
  const transportFee = Math.round(Math.max(transport.minimum, transportRaw) * vehicleCount * coefficient * transportFactor);

  // Handling.
  const work = handlingWork(items, stops, volume, tariffRates(tariff), trip.overrides, floorRuleOf(tariff.floors));
  const carriesSomething = items.some(isLoadItem);
  const floorsPart = carriesSomething ? floorsSupplement(stops, tariff.floors) : 0;
  const carryPart = carriesSomething ? carrySupplement(stops, tariff.carry) : 0;
  const handlingHoursPart = work.billedHours * work.persons * work.hourlyRate;
  const handlingPart = handlingHoursPart + floorsPart + carryPart;
  const handlingFee = handlingVatIncluded
    ? Math.round(handlingPart * coefficient + work.customPricesTotal * (1 + vat))
    : Math.round((handlingPart * coefficient + work.customPricesTotal) * (1 + vat));
  const { billedHours: _billed, customPricesTotal: _custom, ...handling } = work;

  return {
    handling: { ...handling, fee: handlingFee },
    transportFee,
    handlingFee,
    lite: litePrice(tariff, trip, transportRaw, (floorsPart + carryPart) * coefficient * handlingFactor, coefficient * transportFactor),
    day,
    detail: {
      km,
      hours,
      kmPart,
      hourPart,
      extraStops,
      extraStopsPart,
      transportRaw,
      vehicleCount,
      minimumApplied: transportRaw < transport.minimum,
      handlingHoursPart,
      floorsPart,
      carryPart,
    },
  };
}

/**
 * The earlier variant on this tariff (spec §9): the transport's km, hours and stops plus the
 * volume's tier fee (in the transport's VAT), at least the minimum, × the day's coefficient;
 * floors and carry as the handling section prices them. A custom item's predefined transport
 * fee × (1 + VAT) replaces it. Split as the booking sends it: the tier (and floors and carry)
 * is the handling, the rest of the total the transport, so both add up to the total shown.
 */
function litePrice(
  tariff: Tariff,
  trip: TariffTrip,
  transportRaw: number,
  supplements: number,
  factor: number,
): { transportation: number; handling: number } {
  const predefined = customItemTransportFee(trip.items, tariff.vat);
  if (predefined !== null) return { transportation: predefined, handling: 0 };
  const tier = liteTierFee(trip.volume, tariff.lite_tiers);
  if (tier === null) return { transportation: 0, handling: 0 };
  const total = Math.round(Math.max(tariff.transport.minimum, transportRaw + tier) * factor + supplements);
  const handling = Math.round(tier * factor + supplements);
  return { transportation: total - handling, handling };
}
