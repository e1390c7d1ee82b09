import { atom } from 'jotai';
import { makeTravelState } from '../domain/entities/travel.ts';
import { estimateTravel, feesFromEstimate, isPriceEstimated, type Estimate } from '../domain/pricing/estimate.ts';
import { bookedFees } from '../domain/pricing/booked-fees.ts';
import { canRoute } from '../domain/route/preconditions.ts';
import type { Fees } from '../domain/entities/travel.ts';
import { routeFits } from '../services/maps/routing.ts';
import { companyDataAtom, pricesAllowedAtom } from './company.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { poolAnswerAtom } from './pool-price.atoms.ts';
import { fixedPriceAtom, handlingChoiceAtom } from './price-choices.atoms.ts';
import { estimateInputs } from './public-estimate.atoms.ts';
import { routeAtom, routeStatusAtom } from './route.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';
import { variantAtom } from './variant.atoms.ts';

/**
 * The estimate (spec §4 "Fee recomputation", DESIGN §5 pipeline): the route, the items, the
 * pool's answer, the handlers chosen and a fixed price. Derived, so it is recomputed only
 * when one of its inputs changed, and null until every stop is geocoded and the route
 * computed for them (after a move, the last route is not priced with the stops in their new
 * order). A price from elsewhere (a server's quote) would take its place here.
 */
export const estimateAtom = atom((get): Estimate | null => {
  const stops = get(stopsAtom);
  const route = get(routeAtom);
  if (!canRoute(stops) || get(routeStatusAtom) !== 'ok' || !route || !routeFits(route, stops)) return null;
  const handling = get(handlingChoiceAtom);
  const pool = get(poolAnswerAtom);
  return estimateTravel({
    ...estimateInputs(get, stops, route),
    overrides: { persons: handling.persons, hours: handling.hours },
    pool: pool.defect
      ? { transportation: 0, handling: 0, error: pool.defect, info: null, persons: null, amplitude_hour: null }
      : pool.output,
    fixedPrice: get(fixedPriceAtom),
  });
});

/**
 * The fees the booking carries. On the public grid the lite element shows the earlier
 * variant's price, so it sends that price too, to the cent; a grid chosen with 'Choix
 * Grille' prices with its code, and a fixed price (spec §4) overrides both, as in the wizard.
 */
export const feesAtom = atom((get): Fees => {
  const estimate = get(estimateAtom);
  if (!estimate) return makeTravelState().fees;
  const fees = feesFromEstimate(estimate);
  const booked = bookedFees(estimate, get(variantAtom), get(itemsAtom), get(companyDataAtom).vat);
  return {
    ...fees,
    transportation: { ...fees.transportation, fee: booked.transportation },
    handling: { ...fees.handling, fee: booked.handling },
  };
});

/**
 * The total the booking carries: the wizard's estimate, or the earlier variant's price (spec
 * §9: km × 0.7 + hours × 15 + tier fee, minimum 38) read from the fees sent, so what is
 * shown is what is saved. 0 while unknown.
 */
export const totalAtom = atom((get) => {
  const estimate = get(estimateAtom);
  if (!estimate) return 0;
  if (get(variantAtom) === 'wizard') return estimate.total;
  const fees = get(feesAtom);
  return fees.transportation.fee + fees.handling.fee;
});

/**
 * The total every screen shows (action bar, estimate, recap, success, the lite's bar), null
 * while unknown, zero or hidden (UX principle 3: one number, one formatter).
 */
export const shownTotalAtom = atom((get) => {
  if (!get(pricesAllowedAtom)) return null;
  const estimate = get(estimateAtom);
  const total = get(totalAtom);
  if (!estimate || total <= 0) return null;
  return { total, approximate: isPriceEstimated(estimate) };
});
