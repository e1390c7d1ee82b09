import { atom } from 'jotai';
import { canRoute, estimateTravel, feesFromEstimate, makeTravelState, type Estimate, type Fees, type PoolPriceOutput } from '../domain/index.ts';
import type { ComputedRoute } from '../services/maps/routing.ts';
import { companyDataAtom } from './company.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';
import { travelIdentityAtom } from './identity.atoms.ts';

export type RouteStatus = 'idle' | 'loading' | 'ok' | 'failed';

export const routeAtom = atom<ComputedRoute | null>(null);
export const routeStatusAtom = atom<RouteStatus>('idle');
/** The selected pool's pricing code answer; its error when the pool is defective. */
export const poolOutputAtom = atom<{ output: PoolPriceOutput | null; defect: string | null }>({ output: null, defect: null });

/**
 * The estimate (spec §4 "Fee recomputation"): derived, so it is recomputed only when one of
 * its inputs changed, and null until every stop is geocoded and the route computed.
 */
export const estimateAtom = atom((get): Estimate | null => {
  const stops = get(stopsAtom);
  const route = get(routeAtom);
  if (!canRoute(stops) || get(routeStatusAtom) !== 'ok' || !route) return null;
  const company = get(companyDataAtom);
  const identity = get(travelIdentityAtom);
  const pool = get(poolOutputAtom);
  return estimateTravel({
    stops,
    items: get(itemsAtom),
    route,
    vehicleCategories: company.vehicle_categories,
    vehicleCategoryId: identity.vehicleCategoryId,
    vat: company.vat,
    rates: company.handling_rates,
    overrides: { persons: identity.personsOverride, hours: identity.hoursOverride },
    pool: pool.defect ? { transportation: 0, handling: 0, error: pool.defect, info: null, persons: null, amplitude_hour: null } : pool.output,
    fixedPrice: identity.fixedPrice,
  });
});

export const feesAtom = atom((get): Fees => {
  const estimate = get(estimateAtom);
  return estimate ? feesFromEstimate(estimate) : makeTravelState().fees;
});
