import { STRAIGHT_LINE_DETOUR_FACTOR } from '../constants.ts';
import { greatCircleKm } from '../route/straight-line.ts';
import type { TravelPayload } from './travel-payload-schema.ts';

export interface ImplausibleFigure {
  path: string;
  message: string;
}

export interface PlausibilityOptions {
  /** Euros, VAT included: no single job costs more. */
  priceCeilingEuros: number;
  /** The travel's VAT rate (0.2 in France). */
  vat: number;
}

/** Road distance may exceed the straight line, but not by more than this factor plus a city allowance. */
export const MAX_DETOUR_FACTOR = 4;
const CITY_ALLOWANCE_KM = 20;
/** A handler's hours are 0.5 to 8 (spec §9); a transport of one booking lasts at most a week. */
const MAX_HANDLING_SECONDS = 8 * 3600;
const MAX_TRANSPORT_SECONDS = 7 * 24 * 3600;

/**
 * Figures of a booking body that cannot be true (a server refuses them with 422): prices
 * negative or above the ceiling, an HT price that is not TTC / (1 + VAT) to the cent, a
 * distance shorter than the straight line through the stops or far longer than any road,
 * durations out of range. Each names its field, in French.
 */
export function implausibleFigures(payload: TravelPayload, { priceCeilingEuros, vat }: PlausibilityOptions): ImplausibleFigure[] {
  const travel = payload.travel;
  const problems: ImplausibleFigure[] = [];
  const ceiling = Math.round(priceCeilingEuros * 100);
  for (const [field, ht] of [
    ['price_transportation', 'price_transportation_ht'],
    ['price_handling', 'price_handling_ht'],
  ] as const) {
    for (const name of [field, ht]) {
      const cents = travel[name];
      if (cents < 0) problems.push({ path: `travel.${name}`, message: 'Un prix ne peut pas être négatif' });
      else if (cents > ceiling) problems.push({ path: `travel.${name}`, message: `Prix au-delà du plafond de ${priceCeilingEuros} €` });
    }
    const expectedHt = Math.round(travel[field] / (1 + vat));
    if (Math.abs(travel[ht] - expectedHt) > 1)
      problems.push({
        path: `travel.${ht}`,
        message: `Le prix HT doit être le prix TTC divisé par ${1 + vat} (attendu ${expectedHt} centimes)`,
      });
  }

  const located = payload.addresses.every((address) => address.lat !== 0 || address.lng !== 0);
  if (located && payload.addresses.length >= 2) {
    let straightKm = 0;
    for (let at = 1; at < payload.addresses.length; at += 1)
      straightKm += greatCircleKm(payload.addresses[at - 1]!, payload.addresses[at]!);
    // distance_transportation is twice the customer's route (spec §7), in metres.
    const routeKm = travel.distance_transportation / 2 / 1000;
    if (routeKm < straightKm * 0.99 - 0.05)
      problems.push({
        path: 'travel.distance_transportation',
        message: `Distance plus courte que la ligne droite entre les adresses (${straightKm.toFixed(1)} km)`,
      });
    else if (routeKm > straightKm * Math.max(MAX_DETOUR_FACTOR, STRAIGHT_LINE_DETOUR_FACTOR) + CITY_ALLOWANCE_KM)
      problems.push({
        path: 'travel.distance_transportation',
        message: `Distance sans rapport avec les adresses (ligne droite : ${straightKm.toFixed(1)} km)`,
      });
  }
  if (travel.duration_transportation > MAX_TRANSPORT_SECONDS)
    problems.push({ path: 'travel.duration_transportation', message: 'Durée de transport de plus d’une semaine' });
  if (travel.duration_handling > MAX_HANDLING_SECONDS)
    problems.push({ path: 'travel.duration_handling', message: 'Durée de manutention de plus de 8 heures' });
  return problems;
}
