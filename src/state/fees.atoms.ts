import { atom, type Getter } from 'jotai';
import {
  canRoute,
  estimateTravel,
  feesFromEstimate,
  litePriceParts,
  makeTravelState,
  type Estimate,
  type Fees,
  type PoolPriceOutput,
  type Stop,
} from '../domain/index.ts';
import { routeFits, type ComputedRoute } from '../services/maps/routing.ts';
import { companyDataAtom } from './company.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';
import { travelIdentityAtom } from './identity.atoms.ts';

export type RouteStatus = 'idle' | 'loading' | 'ok' | 'failed';

export const routeAtom = atom<ComputedRoute | null>(null);
export const routeStatusAtom = atom<RouteStatus>('idle');
/** Bumped by 'Réessayer': the route is asked again even though no stop changed. */
export const routeAttemptAtom = atom(0);
export const retryRouteAtom = atom(null, (get, set) => set(routeAttemptAtom, get(routeAttemptAtom) + 1));
/** The selected pool's pricing code answer; its error when the pool is defective. */
export const poolOutputAtom = atom<{ output: PoolPriceOutput | null; defect: string | null }>({ output: null, defect: null });

/** What every estimate reads: the trip, its items, and the company's vehicles, VAT and rates. */
function travelInputs(get: Getter, stops: Stop[], route: ComputedRoute) {
  const company = get(companyDataAtom);
  return {
    stops,
    items: get(itemsAtom),
    route,
    vehicleCategories: company.vehicle_categories,
    vehicleCategoryId: get(travelIdentityAtom).vehicleCategoryId,
    vat: company.vat,
    rates: company.handling_rates,
  };
}

/**
 * The estimate on the public grid alone (no grid code, fixed price or hand-set handlers):
 * what a grid's pricing code receives as its input. Null until the route is known.
 */
export const publicEstimateAtom = atom((get): Estimate | null => {
  const stops = get(stopsAtom);
  const route = get(routeAtom);
  if (!route || !canRoute(stops) || !routeFits(route, stops)) return null;
  return estimateTravel(travelInputs(get, stops, route));
});

/**
 * The estimate (spec §4 "Fee recomputation"): derived, so it is recomputed only when one of
 * its inputs changed, and null until every stop is geocoded and the route computed for them
 * (after a move, the last route is not priced with the stops in their new order).
 */
export const estimateAtom = atom((get): Estimate | null => {
  const stops = get(stopsAtom);
  const route = get(routeAtom);
  if (!canRoute(stops) || get(routeStatusAtom) !== 'ok' || !route || !routeFits(route, stops)) return null;
  const identity = get(travelIdentityAtom);
  const pool = get(poolOutputAtom);
  return estimateTravel({
    ...travelInputs(get, stops, route),
    overrides: { persons: identity.personsOverride, hours: identity.hoursOverride },
    pool: pool.defect
      ? { transportation: 0, handling: 0, error: pool.defect, info: null, persons: null, amplitude_hour: null }
      : pool.output,
    fixedPrice: identity.fixedPrice,
  });
});

/**
 * Which grid prices the booking: the wizard's (transport and handling apart, pools) or the
 * earlier variant's (spec §9 'earlier variant'). Set once by the element.
 */
export const priceVariantAtom = atom<'wizard' | 'lite'>('wizard');

/**
 * The fees the booking carries. On the public grid the lite element shows the earlier
 * variant's price, so it sends that price too, to the cent; a grid chosen with 'Choix
 * Grille' prices with its code, and a fixed price (spec §4) overrides both, as in the wizard.
 */
export const feesAtom = atom((get): Fees => {
  const estimate = get(estimateAtom);
  if (!estimate) return makeTravelState().fees;
  const fees = feesFromEstimate(estimate);
  if (get(priceVariantAtom) === 'wizard' || estimate.source === 'fixed' || estimate.source === 'pool' || estimate.poolError) return fees;
  const parts = litePriceParts({
    distance: estimate.driver.distance,
    duration: estimate.driver.duration,
    volume: estimate.volume,
    items: get(itemsAtom),
    vat: get(companyDataAtom).vat,
  });
  return {
    ...fees,
    transportation: { ...fees.transportation, fee: parts.transportation },
    handling: { ...fees.handling, fee: parts.handling },
  };
});
