import { atom } from 'jotai';
import { makeTravelState } from '../domain/entities/travel.ts';
import type { Estimate } from '../domain/pricing/estimate.ts';
import type { TripPrice } from '../domain/pricing/trip-price.ts';
import { canRoute } from '../domain/route/preconditions.ts';
import type { Fees } from '../domain/entities/travel.ts';
import { routeFits } from '../services/maps/routing.ts';
import { pricesAllowedAtom } from './company.atoms.ts';
import { poolAnswerAtom } from './pool-price.atoms.ts';
import { pricingCodeAtom } from './pricing-chunk.ts';
import { fixedPriceAtom, handlingChoiceAtom } from './price-choices.atoms.ts';
import { estimateInputs } from './public-estimate.atoms.ts';
import { routeAtom, routeStatusAtom } from './route.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';
import { currentQuoteAtom } from './quote.atoms.ts';
import { variantAtom } from './variant.atoms.ts';
import { companyDataAtom } from './company.atoms.ts';
import { outsideAreaAtom } from './service-area.atoms.ts';
import { localOptionLinesAtom, validOptionChoicesAtom } from './options.atoms.ts';
import { optionsTotal, type OptionLine } from '../domain/options/carrier-options.ts';

/**
 * The trip's price (spec §4 "Fee recomputation", DESIGN §5 pipeline), composed by the domain as
 * the carrier's quote composes it (priceTrip): the route, the items, the pool's answer, the
 * handlers chosen, a fixed price, and the element's grid. Derived, so it is recomputed only
 * when one of its inputs changed, and null until every stop is geocoded and the route
 * computed for them (after a move, the last route is not priced with the stops in their new
 * order).
 */
const tripPriceAtom = atom((get): TripPrice | null => {
  const stops = get(stopsAtom);
  const route = get(routeAtom);
  const pricing = get(pricingCodeAtom);
  if (!pricing || !canRoute(stops) || get(routeStatusAtom) !== 'ok' || !route || !routeFits(route, stops)) return null;
  const handling = get(handlingChoiceAtom);
  return pricing.priceTrip({
    ...estimateInputs(get, stops, route),
    persons: handling.persons,
    hours: handling.hours,
    pool: get(poolAnswerAtom),
    fixedPrice: get(fixedPriceAtom),
    grid: get(variantAtom),
    options: { offered: get(companyDataAtom).options, chosen: get(validOptionChoicesAtom) },
  });
});

/** The chosen options as priced: the quote's lines once it is in, the local ones until then. */
export const optionLinesAtom = atom((get): OptionLine[] => {
  const quote = get(currentQuoteAtom);
  return quote ? (quote.figures.options ?? []) : (get(tripPriceAtom)?.options ?? get(localOptionLinesAtom));
});

/** The estimate: what the wizard shows, null until the trip can be priced. */
export const estimateAtom = atom((get): Estimate | null => get(tripPriceAtom)?.estimate ?? null);

/**
 * The fees estimated here, at once, with the domain's code. On the public grid the lite
 * element shows the earlier variant's price, so it sends that price too, to the cent; a grid
 * chosen with 'Choix Grille' prices with its code, and a fixed price (spec §4) overrides both,
 * as in the wizard.
 */
export const localFeesAtom = atom((get): Fees => get(tripPriceAtom)?.fees ?? makeTravelState().fees);

/**
 * The fees the booking carries and the screens show: the carrier's quote once it is in for
 * the trip as it is (the price that counts, DESIGN §5), the local estimate until then.
 */
export const feesAtom = atom((get): Fees => {
  const quote = get(currentQuoteAtom);
  if (!quote) return get(localFeesAtom);
  const figures = quote.figures;
  return {
    transportation: {
      customer: { distance: figures.distance, duration: figures.duration },
      driver: { distance: figures.driver_distance, duration: figures.driver_duration },
      truckCapacity: figures.truck_capacity,
      fee: figures.price_transportation / 100,
    },
    handling: {
      personsNeeded: figures.persons_needed,
      duration: Math.round(figures.handling_hours * 3600),
      fee: figures.price_handling / 100,
    },
    additionnalCosts: figures.additional_costs / 100,
  };
});

/**
 * The quote came and its price is not the one estimated here (the carrier's records differ
 * from the page's, a road route replaced the straight line…): the screen says the quote's is
 * the one that counts.
 */
export const quoteDiffersAtom = atom((get) => {
  const quote = get(currentQuoteAtom);
  if (!quote || !get(estimateAtom)) return false;
  const local = get(localFeesAtom);
  const cents = (euros: number) => Math.round(euros * 100);
  return (
    cents(local.transportation.fee) !== quote.figures.price_transportation || cents(local.handling.fee) !== quote.figures.price_handling
  );
});

/**
 * The total the booking carries: the quote's, or the wizard's estimate, or the earlier
 * variant's price (spec §9: km × 0.7 + hours × 15 + tier fee, minimum 38) read from the fees
 * sent, so what is shown is what is saved. 0 while unknown.
 */
export const totalAtom = atom((get) => {
  const estimate = get(estimateAtom);
  if (!estimate) return 0;
  const quote = get(currentQuoteAtom);
  // The carrier's quote says it gives no price (a tariff at 0 €, its grid's error): none is shown, whatever else it adds.
  if (quote?.price_to_set) return 0;
  const fees = get(feesAtom);
  // The options chosen come on top, priced as the quote prices them (its total includes them).
  const options = optionsTotal(get(optionLinesAtom)) / 100;
  if (get(variantAtom) === 'lite') return fees.transportation.fee + fees.handling.fee + options;
  return quote ? quote.figures.total / 100 : estimate.total + options;
});

/** The load as priced: what the estimate, the recap and the lite's Prix show of it. */
export interface PricedLoad {
  /** m³ to the tenth. */
  volume: number;
  vehicleName: string | null;
  /** Vehicles (or trips) the load takes: 1 unless no vehicle holds it. */
  vehicleCount: number;
  truckCapacity: number;
  persons: number;
  hours: number;
}

/**
 * The load the price counts: the carrier's quote's once it is in (the catalogue's figures for
 * its items, the server's vehicle and handlers: what the booking stores and the devis prints),
 * the estimate's until then. One set of figures on every screen before booking.
 */
export const pricedLoadAtom = atom((get): PricedLoad | null => {
  const estimate = get(estimateAtom);
  if (!estimate) return null;
  const quoted = get(currentQuoteAtom)?.figures;
  if (quoted)
    return {
      volume: quoted.shown_volume ?? quoted.volume,
      vehicleName: quoted.vehicle?.name ?? null,
      vehicleCount: quoted.vehicle_count ?? 1,
      truckCapacity: quoted.truck_capacity,
      persons: quoted.persons_needed,
      hours: quoted.handling_hours,
    };
  return estimateLoad(estimate);
});

/** The load as the page's own estimate priced it. */
export function estimateLoad(estimate: Estimate): PricedLoad {
  return {
    volume: estimate.shownVolume,
    vehicleName: estimate.vehicleCategory?.name ?? null,
    vehicleCount: estimate.vehicleCount,
    truckCapacity: estimate.truckCapacity,
    persons: estimate.handling.persons,
    hours: estimate.handling.hours,
  };
}

/**
 * Why there is no price (spec §8), when there is none: the grid's error ('Prix non disponible'
 * with it), the carrier's quote's once it is in, else the estimate's; null for a price the
 * carrier sets later ('Le prix sera fixé ultérieurement !').
 */
export const noPriceErrorAtom = atom((get): string | null => {
  const quote = get(currentQuoteAtom);
  if (quote) return quote.figures.source === 'fixed' ? null : quote.figures.pool_error;
  return get(estimateAtom)?.poolError ?? null;
});

/**
 * The total every screen shows (action bar, estimate, recap, success, the lite's bar), null
 * while unknown, zero or hidden (UX principle 3: one number, one formatter).
 */
export const shownTotalAtom = atom((get) => {
  // No price for a trip the carrier does not serve: the server would give none (service-area.atoms.ts).
  if (!get(pricesAllowedAtom) || get(outsideAreaAtom)) return null;
  const estimate = get(estimateAtom);
  const total = get(totalAtom);
  if (!estimate || total <= 0) return null;
  const quote = get(currentQuoteAtom);
  const pricing = get(pricingCodeAtom);
  const approximate = quote ? quote.figures.approximate && quote.figures.source !== 'fixed' : !!pricing?.isPriceEstimated(estimate);
  return { total, approximate };
});
