import { atom, type Getter } from 'jotai';
import type { Stop } from '../domain/entities/stop.ts';
import type { Estimate } from '../domain/pricing/estimate.ts';
import { tripDay } from '../domain/quotes/booking-choices.ts';
import { canRoute } from '../domain/route/preconditions.ts';
import { routeFits, type ComputedRoute } from '../services/maps/routing.ts';
import { companyDataAtom } from './company.atoms.ts';
import { customerDateAtom } from './customer.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { handlingChoiceAtom, vehicleCategoryIdAtom } from './price-choices.atoms.ts';
import { pricingCodeAtom } from './pricing-chunk.ts';
import { routeAtom } from './route.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';

/**
 * What every estimate reads: the trip, its items, its day, and the company's tariff (or its
 * vehicles, VAT and rates, from which the default tariff is built): the same tariff function as
 * the server's quote prices it (src/domain/tariff/price-tariff.ts).
 */
export function estimateInputs(get: Getter, stops: readonly Stop[], route: ComputedRoute) {
  const company = get(companyDataAtom);
  return {
    stops,
    items: get(itemsAtom),
    route,
    vehicleCategories: company.vehicle_categories,
    vehicleCategoryId: get(vehicleCategoryIdAtom),
    vat: company.vat,
    rates: company.handling_rates,
    tariff: company.tariff,
    date: tripDay(stops, get(customerDateAtom)),
  };
}

/**
 * The estimate on the public grid alone (no grid code, no fixed price), with the handlers and
 * hours the customer chose: what a grid's pricing code receives as its input, as the server
 * gives it (poolInputFor). Null until a route was computed for the stops in their present order.
 */
export const publicEstimateAtom = atom((get): Estimate | null => {
  const stops = get(stopsAtom);
  const route = get(routeAtom);
  const pricing = get(pricingCodeAtom);
  if (!pricing || !route || !canRoute(stops) || !routeFits(route, stops)) return null;
  return pricing.estimateTravel({ ...estimateInputs(get, stops, route), overrides: get(handlingChoiceAtom) });
});
