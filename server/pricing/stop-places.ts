import { greatCircleKm } from 'transport-quote-wizard/domain';
import { foldText } from 'transport-quote-wizard/domain';
import type { ChoiceProblem } from 'transport-quote-wizard/domain';
import type { TravelPayload } from 'transport-quote-wizard/domain';
import type { Commune } from '../geo/communes.ts';
import type { OfflineGeocoder } from '../geo/geocoder.ts';

type Address = TravelPayload['addresses'][number];

const NBSP = '\u00a0';
/**
 * The country of an address the offline index can check: metropolitan France, however it is
 * written ('FR', 'France', nothing at all). An overseas name is France too, but the index has
 * no position there; a foreign name is checked only through a French postcode.
 */
const FRANCE = new Set(['', 'fr', 'fra', 'france', 'la france', 'france metropolitaine', 'republique francaise']);

/**
 * The postcodes an address gives: its postcode field, and any five-digit number of its text. A
 * French postcode in the field makes any address French; the text's numbers are read as French
 * postcodes only in France (a foreign street may carry a five-digit number).
 */
function postcodesOf(address: Address, inFrance: boolean, geocoder: OfflineGeocoder): string[] {
  const field = address.postal_code.trim();
  const french = inFrance || geocoder.communesOf(field).length > 0;
  const written = french ? (address.address_complete.match(/(?<!\d)\d{5}(?!\d)/g) ?? []) : [];
  return [...new Set([field, ...written].filter((code) => /^\d{5}$/.test(code)))];
}

/**
 * The town an address's text ends with, after its last comma ('3 place Bellecour, Lyon'), a
 * trailing ', France' and postcode aside. Without a comma, the end of the text may be a street
 * named after a town ('12 avenue de Paris'): no town is read from it.
 */
function townOfText(text: string): string | null {
  const parts = text.split(',').map((part) => part.trim());
  while (parts.length > 1 && FRANCE.has(foldText(parts.at(-1)!))) parts.pop();
  if (parts.length < 2) return null;
  const town = parts
    .at(-1)!
    .replace(/(?<!\d)\d{5}(?!\d)/g, ' ')
    .trim();
  return town === '' ? null : town;
}

/** What an address names that the index can place: its communes, each source apart (they must all agree). */
interface Named {
  /** What the stop's message cites: 'code postal 69002', 'commune Lyon'. */
  what: string;
  communes: readonly Commune[];
}

/** Each postcode the address gives, or without one, each town it names; null when it can be checked against none. */
function namedPlaces(address: Address, geocoder: OfflineGeocoder, inFrance: boolean): Named[] | null {
  const postcodes = postcodesOf(address, inFrance, geocoder);
  const byPostcode = postcodes
    .map((postcode) => ({ what: `code postal ${postcode}`, communes: geocoder.communesOf(postcode) }))
    .filter((named) => named.communes.length > 0);
  if (byPostcode.length > 0) return byPostcode;
  // An overseas postcode (La Poste knows it, the index has no position there), or a foreign
  // address without a French postcode: nothing to check it against.
  if (!inFrance || postcodes.some((postcode) => geocoder.isUnlocated(postcode))) return [];
  const towns = [address.locality.trim(), townOfText(address.address_complete)].filter((town): town is string => !!town);
  const byTown = [...new Set(towns.map(foldText))]
    .map((folded) => ({ what: `commune ${towns.find((town) => foldText(town) === folded)!}`, communes: geocoder.communesNamed(folded) }))
    .filter((named) => named.communes.length > 0);
  return byTown.length > 0 ? byTown : null;
}

/** 'Étape 2 (3 Place Bellecour 69002 Lyon)': how a refusal names the stop. */
function stopName(address: Address, index: number): string {
  const text = address.address_complete.replace(/\s+/g, ' ').trim();
  return `Étape ${index + 1} (${text.length > 80 ? `${text.slice(0, 79)}…` : text})`;
}

/**
 * Stops whose coordinates are far from the place their written address names. The server
 * prices the trip between the coordinates, while the carrier reads and drives to the written
 * address: a booking to "3 Place Bellecour 69002 Lyon" placed in Paris would be priced as a
 * trip across Paris, and two stops moved toward each other as a shorter trip.
 *
 * An address in France ('FR', 'France', no country, or any country with a French postcode) is
 * checked against each postcode it gives, in its field and in its text (a postcode, unlike a
 * town's name, names no homonym); without a postcode, against the town it names (its locality,
 * and the town after its text's last comma: every one it names must agree, any homonym of each
 * will do). Each commune allows its own radius, as tight as the index's precision allows
 * (geo/communes.ts: 10 km around an arrondissement of Paris, Lyon or Marseille, 25 to 40 km
 * around a commune's own centre, wider around an average). An address in France that names
 * neither a postcode nor a town the index knows is refused: nothing says where it is. Overseas
 * and foreign addresses, which the offline index cannot place, are not checked.
 */
export function misplacedStops(addresses: TravelPayload['addresses'], geocoder: OfflineGeocoder): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  addresses.forEach((address, index) => {
    const inFrance = FRANCE.has(foldText(address.country));
    const named = namedPlaces(address, geocoder, inFrance);
    if (named === null) {
      problems.push({
        path: `addresses.${index}.postal_code`,
        message: `${stopName(address, index)}${NBSP}: ni code postal ni commune reconnus${NBSP}: écrivez le code postal de l’adresse, ou choisissez-la dans la liste proposée.`,
      });
      return;
    }
    const point = { lat: address.lat, lng: address.lng };
    for (const { what, communes } of named) {
      const gaps = communes.map((commune) => ({ km: greatCircleKm(point, commune), max: commune.radiusKm }));
      if (gaps.some((gap) => gap.km <= gap.max)) continue;
      const km = Math.round(Math.min(...gaps.map((gap) => gap.km)));
      problems.push({
        path: `addresses.${index}.lat`,
        message: `${stopName(address, index)}${NBSP}: ce point est à ${km}${NBSP}km de l’adresse écrite (${what})${NBSP}: choisissez l’adresse dans la liste proposée.`,
      });
      return;
    }
  });
  return problems;
}
