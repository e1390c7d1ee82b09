import { greatCircleKm } from 'transport-quote-wizard/domain';
import { foldText, saysFrance } from 'transport-quote-wizard/domain';
import type { ChoiceProblem } from 'transport-quote-wizard/domain';
import type { TravelPayload } from 'transport-quote-wizard/domain';
import type { Commune } from '../geo/communes.ts';
import type { OfflineGeocoder } from '../geo/geocoder.ts';

type Address = TravelPayload['addresses'][number];

const NBSP = '\u00a0';
/**
 * The postcodes an address gives: its postcode field, and any five-digit number of its text. A
 * French postcode in the field makes any address French; the text's numbers are read as French
 * postcodes only in France, or for a point in mainland France whatever the country says (a
 * foreign street far away may carry a five-digit number).
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
  while (parts.length > 1 && saysFrance(parts.at(-1)!)) parts.pop();
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

/**
 * Each postcode the address gives, and each town it names (its locality, the town after its
 * text's last comma): every one must agree with the point, so a postcode that matches the
 * point does not excuse a text and a locality naming another town. Null when it can be checked
 * against none.
 */
function namedPlaces(address: Address, geocoder: OfflineGeocoder, inFrance: boolean, postcodes: readonly string[]): Named[] | null {
  const byPostcode = postcodes
    .map((postcode) => ({ what: `code postal ${postcode}`, communes: geocoder.communesOf(postcode) }))
    .filter((named) => named.communes.length > 0);
  // A foreign address without a French postcode: nothing to check it against.
  if (!inFrance) return byPostcode;
  const towns = [address.locality.trim(), townOfText(address.address_complete)].filter((town): town is string => !!town);
  const byTown = [...new Set(towns.map(foldText))]
    .map((folded) => ({ what: `commune ${towns.find((town) => foldText(town) === folded)!}`, communes: geocoder.communesNamed(folded) }))
    .filter((named) => named.communes.length > 0);
  const named = [...byPostcode, ...byTown];
  return named.length > 0 ? named : null;
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
 * An address in France ('FR', 'France', no country, any country with a French postcode, or any
 * country for a point in mainland France) is checked against each postcode it gives, in its
 * field and in its text (a postcode, unlike a town's name, names no homonym), and against each
 * town it names (its locality, and the town after its text's last comma): every one must
 * agree, any homonym of a town will do. Each commune allows its own radius, as tight as the
 * index's precision allows (geo/communes.ts: 10 km around an arrondissement of Paris, Lyon or
 * Marseille, 25 to 40 km around a commune's own centre, wider around an average). An address
 * said to be in France that names neither a postcode nor a town the index knows is refused:
 * nothing says where it is. An overseas postcode on a point in mainland France is refused;
 * overseas and foreign addresses, which the offline index cannot place, are not checked.
 */
export function misplacedStops(addresses: TravelPayload['addresses'], geocoder: OfflineGeocoder): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  addresses.forEach((address, index) => {
    const point = { lat: address.lat, lng: address.lng };
    // The country is a word the sender chose; the point is what is priced. A stop placed in
    // mainland France is checked as French whatever its country says ('Belgique' hid the
    // postcode of its text).
    // An overseas country name is France too, but the index has no position there; a foreign
    // name is checked through a French postcode, or as French when its point is in mainland France.
    const saidFrance = saysFrance(address.country);
    const inFrance = saidFrance || geocoder.placesInFrance(point);
    const postcodes = postcodesOf(address, inFrance, geocoder);
    // An overseas postcode (La Poste knows it, the index has no position there): nothing to
    // check it against overseas, but it names no place in mainland France either.
    const overseas = postcodes.find((postcode) => geocoder.isUnlocated(postcode));
    if (overseas !== undefined) {
      if (geocoder.placesInFrance(point))
        problems.push({
          path: `addresses.${index}.postal_code`,
          message: `${stopName(address, index)}${NBSP}: le code postal ${overseas} d’outre-mer ne peut pas être celui d’un point en métropole${NBSP}: choisissez l’adresse dans la liste proposée.`,
        });
      return;
    }
    const named = namedPlaces(address, geocoder, inFrance, postcodes);
    // A foreign address by the border (Genève, Kehl) names nothing the index knows: that is no
    // reason to refuse it; an address said to be in France that names nothing is.
    if (named === null && !saidFrance) return;
    if (named === null) {
      problems.push({
        path: `addresses.${index}.postal_code`,
        message: `${stopName(address, index)}${NBSP}: ni code postal ni commune reconnus${NBSP}: écrivez le code postal de l’adresse, ou choisissez-la dans la liste proposée.`,
      });
      return;
    }
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
