import type { Fees, FixedPrice } from '../entities/travel.ts';
import type { PoolPriceOutput } from '../pools/pool-io.ts';
import { bookedFees, type PriceGrid } from './booked-fees.ts';
import { estimateTravel, feesFromEstimate, type Estimate, type EstimateInput } from './estimate.ts';
import { priceOptions, type CarrierOption, type OptionChoice, type OptionLine } from '../options/carrier-options.ts';

/**
 * A grid's code answer as either side holds it: its output, or the spec's defect message in its
 * place (spec §5); neither (or null) for a grid without code, or before its code answered.
 */
export interface PoolReading {
  output?: PoolPriceOutput | null;
  defect?: string | null;
}

/** Everything a trip's price is composed from (DESIGN §5), in the element and on the server alike. */
export interface TripPriceInput extends Pick<
  EstimateInput,
  'stops' | 'items' | 'vehicleCategories' | 'vehicleCategoryId' | 'vat' | 'rates' | 'tariff' | 'date'
> {
  /** The customer's route through the stops (the floors are the stops'). */
  route: NonNullable<EstimateInput['route']>;
  /** Handlers and hours chosen by hand; null: the estimate's (or the grid's code's handlers). */
  persons: number | null;
  hours: number | null;
  pool: PoolReading | null;
  /** A price fixed by a company (spec §4, §6), VAT excluded: it overrides the rest. */
  fixedPrice: FixedPrice | null;
  /** The grid the booking is priced on: the wizard's, or the earlier variant's (the lite element). */
  grid: PriceGrid;
  /** The carrier's options and those chosen (none when absent). */
  options?: { offered: readonly CarrierOption[]; chosen: readonly OptionChoice[] };
}

export interface TripPrice {
  /** The pipeline's figures: route, volume, truck, handling, the grid's code, a fixed price. */
  estimate: Estimate;
  /** The fees the booking carries and the screens show, on its grid, VAT included (spec §3, §7). */
  fees: Fees;
  /** The chosen options, priced (cents HT and TTC): lines beside the fees, in the total. */
  options: OptionLine[];
}

/**
 * The grid's code answer as the pipeline reads it: a defect stands in place of the price with
 * its message (spec §4), and prices nothing.
 */
function poolOutput(pool: PoolReading | null): PoolPriceOutput | null {
  if (typeof pool?.defect === 'string')
    return { transportation: 0, handling: 0, error: pool.defect, info: null, persons: null, amplitude_hour: null };
  return pool?.output ?? null;
}

/**
 * A trip's price, composed once for both sides: the element's estimate (estimate.atoms.ts) and
 * the carrier's quote (quotes/price-quote.ts, which the server signs) call this, so they agree
 * to the cent. The pipeline of DESIGN §5, then the fees on the booking's grid: the wizard's, or
 * on the public grid the earlier variant's price (spec §9).
 */
export function priceTrip(trip: TripPriceInput): TripPrice {
  const estimate = estimateTravel({
    stops: trip.stops,
    items: trip.items,
    route: trip.route,
    vehicleCategories: trip.vehicleCategories,
    vehicleCategoryId: trip.vehicleCategoryId,
    vat: trip.vat,
    rates: trip.rates,
    // The carrier's tariff and the travel's day: the tariff function prices with them (tariff/price-tariff.ts).
    tariff: trip.tariff ?? null,
    date: trip.date ?? '',
    overrides: { persons: trip.persons, hours: trip.hours },
    pool: poolOutput(trip.pool),
    fixedPrice: trip.fixedPrice,
  });
  const fees = feesFromEstimate(estimate);
  const booked = bookedFees(estimate, trip.grid, trip.items, trip.vat);
  return {
    estimate,
    fees: {
      ...fees,
      transportation: { ...fees.transportation, fee: booked.transportation },
      handling: { ...fees.handling, fee: booked.handling },
    },
    options: trip.options ? priceOptions(trip.options.offered, trip.options.chosen, trip.items, trip.vat) : [],
  };
}
