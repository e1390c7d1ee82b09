/*
 * The catalogue of household goods the demo server is seeded with. The data is catalogue.json
 * beside this file, one entry per line; this module says what an entry is and reads the file
 * through that schema, so a mistyped entry stops the server instead of pricing moves with it.
 *
 * Where the figures come from:
 * - Volumes (m³) are typical values of the kind published by French moving-volume
 *   calculators and movers' guides (the déménageurs' "calculateur de volume" tables),
 *   rounded. They are "moving" volumes: the space an item takes in the truck once
 *   protected, which is often more than length × width × height, and less for what is
 *   carried dismantled.
 * - Weights and dimensions are typical figures from manufacturer specifications for common
 *   models, rounded. Real items vary.
 * - Handling times (time_factor), persons_needed, elevator and minimal_truck_capacity are
 *   this project's own estimates.
 *
 * Conventions:
 * - time_factor: hours for the crew to load AND unload one unit at ground level, including
 *   the usual dismantling and reassembly for beds, wardrobes and the like.
 * - elevator: the item fits in a standard French residential lift (about 80 × 100 × 200 cm
 *   inside) as movers normally carry it; items needing four handlers never do.
 * - minimal_truck_capacity: smallest truck (m³) able to carry the item, 0 when there is no
 *   particular constraint.
 * - An entry with same_as is the bare word a mover types ('Canapé', 'Lit'): it is offered
 *   first for that word, with the figures of the entry it names, written once.
 */
import * as v from 'valibot';
import { foldText } from 'transport-quote-wizard/domain';
import entries from './catalogue.json' with { type: 'json' };

/** Families group the catalogue in the search. */
export const CATALOGUE_FAMILIES = [
  'Salon',
  'Salle à manger',
  'Chambre',
  'Cuisine',
  'Électroménager',
  'Salle de bain',
  'Bureau',
  'Cartons et emballages',
  'Extérieur et garage',
  'Enfants',
  'Loisirs et sport',
  'Divers',
] as const;

/** The largest default truck (spec §3): a single item never needs more. */
const LARGEST_TRUCK_M3 = 20;

const positive = v.pipe(v.number(), v.finite(), v.gtValue(0));
const name = v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(80));
/** Other words French users type for it, lower case ('frigo' for Réfrigérateur). */
const keywords = v.optional(
  v.array(
    v.pipe(
      v.string(),
      v.minLength(2),
      v.check((word) => word === word.toLowerCase(), 'mot-clé en minuscules'),
    ),
  ),
);

export const CatalogueEntrySchema = v.strictObject({
  /** French name, singular, capitalised like a label: 'Canapé 3 places', 'Réfrigérateur américain'. */
  name,
  family: v.picklist(CATALOGUE_FAMILIES),
  /** m³ per unit, as movers count it. */
  volume: v.pipe(positive, v.maxValue(LARGEST_TRUCK_M3)),
  /** kg per unit, typical. */
  weight: positive,
  /** cm, typical outer dimensions. */
  length: positive,
  width: positive,
  height: positive,
  /** Hours to load and unload one unit at ground level: a box ~0.04, a 3-seat sofa ~0.5, a piano ~1.5. */
  time_factor: v.pipe(positive, v.maxValue(8)),
  /** Handlers needed to carry it (spec §9 handlers 0–4). */
  persons_needed: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
  elevator: v.boolean(),
  minimal_truck_capacity: v.pipe(v.number(), v.minValue(0), v.maxValue(LARGEST_TRUCK_M3)),
  keywords,
});
export type CatalogueEntry = v.InferOutput<typeof CatalogueEntrySchema>;

/** A bare word that stands for another entry, with words of its own. */
export const CatalogueAliasSchema = v.strictObject({ name, same_as: name, keywords });

export const CatalogueFileSchema = v.array(v.union([CatalogueEntrySchema, CatalogueAliasSchema]));
export type CatalogueFile = v.InferOutput<typeof CatalogueFileSchema>;

const FIGURES = ['family', 'volume', 'weight', 'length', 'width', 'height', 'time_factor', 'persons_needed', 'elevator'] as const;

/**
 * A movers' volume is the outer box give or take what protection adds or dismantling saves:
 * from a quarter of it (a swing set carried in pieces) to five times (a mirror in its crate).
 */
export const VOLUME_TO_BOX = { min: 0.25, max: 5 } as const;

/**
 * What the schema cannot see, in French, one line per problem: two entries of the same name
 * (accents and case aside), the same figures under two names (an alias says so with same_as),
 * an alias of nothing, a volume its dimensions cannot hold.
 */
export function catalogueProblems(file: CatalogueFile): string[] {
  const problems: string[] = [];
  const byName = new Map<string, string>();
  for (const entry of file) {
    const folded = foldText(entry.name);
    const earlier = byName.get(folded);
    if (earlier !== undefined) problems.push(`« ${entry.name} » répète « ${earlier} »`);
    else byName.set(folded, entry.name);
  }
  const records = file.filter((entry): entry is CatalogueEntry => !('same_as' in entry));
  const byFigures = new Map<string, string>();
  for (const entry of records) {
    const figures = JSON.stringify(FIGURES.map((key) => entry[key]));
    const earlier = byFigures.get(figures);
    if (earlier !== undefined) problems.push(`« ${entry.name} » a les mêmes chiffres que « ${earlier} »\u00a0: same_as le dit`);
    else byFigures.set(figures, entry.name);
    const box = (entry.length * entry.width * entry.height) / 1_000_000;
    const ratio = entry.volume / box;
    if (ratio < VOLUME_TO_BOX.min || ratio > VOLUME_TO_BOX.max)
      problems.push(`« ${entry.name} »\u00a0: ${entry.volume}\u00a0m³ pour un encombrement de ${box.toFixed(3)}\u00a0m³`);
  }
  const names = new Set(records.map((entry) => entry.name));
  for (const entry of file)
    if ('same_as' in entry && !names.has(entry.same_as)) problems.push(`« ${entry.name} » renvoie à « ${entry.same_as} », absent`);
  return problems;
}

/** The catalogue as the seed writes it: each alias with the figures of the entry it names. */
export function catalogueEntries(file: CatalogueFile): CatalogueEntry[] {
  const records = new Map(file.flatMap((entry) => ('same_as' in entry ? [] : [[entry.name, entry] as const])));
  return file.map((entry) => {
    if (!('same_as' in entry)) return entry;
    const record = records.get(entry.same_as);
    if (!record) throw new Error(`Catalogue\u00a0: « ${entry.name} » renvoie à « ${entry.same_as} », absent`);
    return { ...record, name: entry.name, keywords: entry.keywords };
  });
}

/** catalogue.json, parsed and checked once when the server loads it. */
export function loadCatalogue(raw: unknown = entries): CatalogueEntry[] {
  const file = v.parse(CatalogueFileSchema, raw);
  const problems = catalogueProblems(file);
  if (problems.length > 0) throw new Error(`Catalogue invalide\u00a0:\n${problems.join('\n')}`);
  return catalogueEntries(file);
}
