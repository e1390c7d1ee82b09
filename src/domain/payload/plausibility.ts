import type { TravelPayload } from './travel-payload-schema.ts';

export interface ImplausibleFigure {
  path: string;
  message: string;
}

/**
 * Prices a booking body cannot carry whatever the trip (a server refuses them with 422 before
 * pricing it itself): negative, or above the ceiling. The figures stored are the server's own;
 * these only stop nonsense early, in French, by field.
 */
export function implausibleFigures(payload: TravelPayload, { priceCeilingEuros }: { priceCeilingEuros: number }): ImplausibleFigure[] {
  const problems: ImplausibleFigure[] = [];
  const ceiling = Math.round(priceCeilingEuros * 100);
  for (const name of ['price_transportation', 'price_handling', 'price_transportation_ht', 'price_handling_ht'] as const) {
    const cents = payload.travel[name];
    if (cents < 0) problems.push({ path: `travel.${name}`, message: 'Un prix ne peut pas être négatif' });
    else if (cents > ceiling) problems.push({ path: `travel.${name}`, message: `Prix au-delà du plafond de ${priceCeilingEuros} €` });
  }
  return problems;
}
