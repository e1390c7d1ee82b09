import { parseItemSearch } from 'transport-quote-wizard/domain';
import { foldText, searchWords, singular } from 'transport-quote-wizard/domain';
import type { Sql } from './sql.ts';

export interface CatalogueItem {
  id: number;
  company_id: number | null;
  name: string;
  family: string;
  category: 'item';
  /** The movers' volume (m³), protection included: what the truck must hold. */
  volume: number;
  weight: number;
  /**
   * Outer dimensions, for information. Not sent as length/width/height: the spec derives the
   * volume from those when present, which would replace the movers' volume by the bare box.
   */
  dimensions_cm: { length: number; width: number; height: number };
  time_factor: number;
  persons_needed: number;
  elevator: boolean;
  minimal_truck_capacity: number;
}

export interface IndexedItem {
  item: CatalogueItem;
  folded: string;
  words: string[];
  /** Derived once at load, not on every search: the name's folded words in the singular, joined… */
  singularName: string;
  /** …and without their final s or x, to compare first words. */
  bareNameWords: string[];
  /** The item as the API sends it. */
  json: string;
}

/** An items row as stored. */
export type ItemRow = Omit<CatalogueItem, 'elevator' | 'category' | 'dimensions_cm'> & {
  elevator: number;
  search_words: string;
  length: number;
  width: number;
  height: number;
};

/** A row as the search reads it: its folded words, derived once. */
export function indexItem({ search_words, elevator, length, width, height, ...row }: ItemRow): IndexedItem {
  const item: CatalogueItem = {
    ...row,
    company_id: row.company_id === null ? null : Number(row.company_id),
    category: 'item',
    elevator: Number(elevator) === 1,
    dimensions_cm: { length, width, height },
  };
  const folded = foldText(row.name);
  return {
    item,
    folded,
    words: search_words.split(' '),
    singularName: folded.split(' ').map(singular).join(' '),
    bareNameWords: folded.split(' ').map((word) => word.replace(/[sx]$/, '')),
    json: JSON.stringify(item),
  };
}

/** A company's own objects, read now (the back office may have changed them a moment ago), for its searches and quotes. */
export async function ownItems(sql: Sql, companyId: number | null): Promise<IndexedItem[]> {
  if (companyId === null) return [];
  return (await sql.all<ItemRow>('SELECT * FROM items WHERE company_id = ? ORDER BY id', [companyId])).map(indexItem);
}

/** Searches answered lately, as the JSON sent: visitors type the same first letters again and again. */
const ANSWER_CACHE_SIZE = 2000;
const frenchOrder = new Intl.Collator('fr').compare;

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 50;

/**
 * The shared catalogue, held in memory after the first read: a few hundred rows that only
 * change when the database is seeded, searched on every keystroke of every visitor.
 */
export class ItemCatalogue {
  private index: IndexedItem[] = [];
  private readonly answers = new Map<string, string>();
  private readonly byId = new Map<number, CatalogueItem>();
  private readonly byFoldedName = new Map<string, CatalogueItem[]>();

  private constructor() {}

  /**
   * Reads the shared catalogue once, at start (after the seed). A company's own objects are
   * not held here: its back office changes them, and every process must see a change at once,
   * so they are read from the database with each search and each quote (a few rows).
   */
  static async load(sql: Sql): Promise<ItemCatalogue> {
    const catalogue = new ItemCatalogue();
    catalogue.index = (await sql.all<ItemRow>('SELECT * FROM items WHERE company_id IS NULL ORDER BY id')).map(indexItem);
    for (const { item, folded } of catalogue.index) {
      catalogue.byId.set(item.id, item);
      catalogue.byFoldedName.set(folded, [...(catalogue.byFoldedName.get(folded) ?? []), item]);
    }
    return catalogue;
  }

  /** The shared entries, in French order (the Catalogue page offers their names). */
  sharedEntries(): CatalogueItem[] {
    return this.index.map((entry) => entry.item).sort((a, b) => frenchOrder(a.name, b.name));
  }

  /**
   * The catalogue entry an item of a booking names, as a company (or the public) sees the
   * catalogue: by its id (alone, or with its own name), else by its name (case and accents
   * aside), the company's own entry first. Null for an object of the visitor's own: an id
   * whose entry bears another name is an entry the visitor renamed, priced as typed.
   */
  entryFor(item: { id: string | number | null; name: string }, own: readonly IndexedItem[]): CatalogueItem | null {
    const id = item.id === null ? NaN : Number(item.id);
    const byId = own.find((entry) => entry.item.id === id)?.item ?? this.byId.get(id);
    if (byId && (item.name.trim() === '' || foldText(byId.name) === foldText(item.name))) return byId;
    const folded = foldText(item.name);
    return own.find((entry) => entry.folded === folded)?.item ?? this.byFoldedName.get(folded)?.[0] ?? null;
  }

  /**
   * What a French user expects: case and accents ignored, a leading quantity ignored
   * ('5 tables'), singular and plural alike, every word a prefix of a word of the item.
   * Whole words win: while some items hold every query word whole ('table' for 'tables'),
   * items that only start the same way ('Tableau') are not offered. Then the company's own
   * items, the generic entry named by the word itself ('Table'), names starting with the
   * query, and shorter names.
   */
  /** The answer as JSON text, kept for the next visitor who types the same letters (the catalogue never changes while serving). */
  searchJson(query: string, own: readonly IndexedItem[] | null, limit = DEFAULT_SEARCH_LIMIT): string {
    // A company's own objects may change between two keystrokes: its answers are never kept.
    if (own !== null)
      return `[${this.rankedEntries(query, own, limit)
        .map((entry) => entry.json)
        .join(',')}]`;
    const key = `${limit}|${query}`;
    const known = this.answers.get(key);
    if (known !== undefined) {
      // Most recently used last: the oldest is the first one evicted.
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const json = `[${this.rankedEntries(query, [], limit)
      .map((entry) => entry.json)
      .join(',')}]`;
    this.answers.set(key, json);
    if (this.answers.size > ANSWER_CACHE_SIZE) this.answers.delete(this.answers.keys().next().value!);
    return json;
  }

  private rankedEntries(query: string, own: readonly IndexedItem[], limit: number): IndexedItem[] {
    const parsed = parseItemSearch(query);
    if (!parsed) return [];
    const queryWords = searchWords(parsed.text);
    if (queryWords.length === 0) return [];
    const foldedQuery = foldText(parsed.text);
    const singularQuery = queryWords.join(' ');
    const candidates = [...own, ...this.index].filter((entry) =>
      queryWords.every((word) => entry.words.some((itemWord) => itemWord.startsWith(word))),
    );
    const whole = (entry: IndexedItem) => queryWords.every((word) => entry.words.includes(word));
    const offered = candidates.some(whole) ? candidates.filter(whole) : candidates;
    const rank = (entry: IndexedItem) => {
      const isOwn = entry.item.company_id !== null ? 0 : 1;
      const generic = entry.singularName === singularQuery ? 0 : 1;
      // 'table' ranks 'Table basse' (whole first word) before 'Tableau' (a longer word).
      const wholeFirstWord = entry.bareNameWords[0] === queryWords[0] ? 0 : 1;
      const prefix =
        entry.folded.startsWith(foldedQuery) || entry.folded.startsWith(singularQuery)
          ? 0
          : entry.words[0]?.startsWith(queryWords[0]!)
            ? 1
            : 2;
      return [isOwn, generic, wholeFirstWord, prefix, entry.item.name.length];
    };
    const byRank = (a: number[], b: number[]) => a.reduce((order, value, at) => order || value - b[at]!, 0);
    return offered
      .map((entry) => ({ entry, rank: rank(entry) }))
      .sort((a, b) => byRank(a.rank, b.rank) || frenchOrder(a.entry.item.name, b.entry.item.name))
      .slice(0, Math.min(MAX_SEARCH_LIMIT, Math.max(1, limit)))
      .map(({ entry }) => entry);
  }
}

/**
 * The company's preferred items (spec §2's chips), in the order its back office set: entries
 * of the shared catalogue or its own objects, never another company's.
 */
export async function preferredItems(sql: Sql, companyId: number): Promise<CatalogueItem[]> {
  const rows = await sql.all<ItemRow>(
    `SELECT i.* FROM preferred_items p JOIN items i ON i.id = p.item_id
     WHERE p.company_id = ? AND (i.company_id IS NULL OR i.company_id = ?) ORDER BY p.position, p.item_id`,
    [companyId, companyId],
  );
  return rows.map((row) => indexItem(row).item);
}
