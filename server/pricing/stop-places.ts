import { greatCircleKm } from 'transport-quote-wizard/domain';
import { foldText } from 'transport-quote-wizard/domain';
import type { ChoiceProblem } from 'transport-quote-wizard/domain';
import type { TravelPayload } from 'transport-quote-wizard/domain';
import type { Commune } from '../geo/communes.ts';
import type { OfflineGeocoder } from '../geo/geocoder.ts';

/**
 * How far a stop may lie from the commune its address names: every street of a commune is
 * well within 50 km of its centre; a point that is only the mean of a département, 150.
 */
const MAX_KM: Record<Commune['precision'], number> = { commune: 50, postcode: 50, departement: 150 };
const NBSP = '\u00a0';

/** The postcodes an address gives: its postcode field, and any five-digit number of its text. */
function postcodesOf(address: TravelPayload['addresses'][number]): string[] {
  const written = address.address_complete.match(/(?<!\d)\d{5}(?!\d)/g) ?? [];
  return [...new Set([address.postal_code.trim(), ...written].filter((code) => /^\d{5}$/.test(code)))];
}

/**
 * Stops whose coordinates are far from the postcode their address gives. The server prices the
 * trip between the coordinates, while the carrier reads and drives to the written address: a
 * booking to "3 Place Bellecour 69002 Lyon" placed in Paris would be priced as a trip across
 * Paris. Each postcode is looked up in the offline index of French communes (a postcode, unlike
 * a town's name, names no homonym); an address without one, or abroad, is not checked.
 */
export function misplacedStops(addresses: TravelPayload['addresses'], geocoder: OfflineGeocoder): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  addresses.forEach((address, index) => {
    const country = foldText(address.country);
    if (country !== '' && country !== 'france') return;
    const point = { lat: address.lat, lng: address.lng };
    for (const postcode of postcodesOf(address)) {
      const communes = geocoder.communesOf(postcode);
      if (communes.length === 0) continue;
      const gaps = communes.map((commune) => ({ km: greatCircleKm(point, commune), max: MAX_KM[commune.precision] }));
      if (gaps.some((gap) => gap.km <= gap.max)) continue;
      const km = Math.round(Math.min(...gaps.map((gap) => gap.km)));
      problems.push({
        path: `addresses.${index}.lat`,
        message: `Ce point est à ${km}${NBSP}km de l’adresse écrite (code postal ${postcode})${NBSP}: choisissez l’adresse dans la liste proposée.`,
      });
      return;
    }
  });
  return problems;
}
