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

interface IndexedItem {
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

/** Searches answered lately, as the JSON sent: visitors type the same first letters again and again. */
const ANSWER_CACHE_SIZE = 2000;
const frenchOrder = new Intl.Collator('fr').compare;

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 50;

/**
 * The catalogue, held in memory after the first read: a few hundred rows that only change
 * when the database is seeded, searched on every keystroke of every visitor.
 */
export class ItemCatalogue {
  private index: IndexedItem[] = [];
  private readonly answers = new Map<string, string>();
  private readonly byId = new Map<number, CatalogueItem>();
  private readonly byFoldedName = new Map<string, CatalogueItem[]>();

  private constructor() {}

  /** Reads the catalogue once, at start (after the seed). */
  static async load(sql: Sql): Promise<ItemCatalogue> {
    const rows = await sql.all<
      Omit<CatalogueItem, 'elevator' | 'category' | 'dimensions_cm'> & {
        elevator: number;
        search_words: string;
        length: number;
        width: number;
        height: number;
      }
    >('SELECT * FROM items ORDER BY id');
    const catalogue = new ItemCatalogue();
    catalogue.index = rows.map(({ search_words, elevator, length, width, height, ...row }) => {
      const item: CatalogueItem = { ...row, category: 'item', elevator: elevator === 1, dimensions_cm: { length, width, height } };
      const folded = foldText(row.name);
      return {
        item,
        folded,
        words: search_words.split(' '),
        singularName: folded.split(' ').map(singular).join(' '),
        bareNameWords: folded.split(' ').map((word) => word.replace(/[sx]$/, '')),
        json: JSON.stringify(item),
      };
    });
    for (const { item, folded } of catalogue.index) {
      catalogue.byId.set(item.id, item);
      catalogue.byFoldedName.set(folded, [...(catalogue.byFoldedName.get(folded) ?? []), item]);
    }
    return catalogue;
  }

  /**
   * The catalogue entry an item of a booking names, as a company (or the public) sees the
   * catalogue: by its id (alone, or with its own name), else by its name (case and accents
   * aside), the company's own entry first. Null for an object of the visitor's own: an id
   * whose entry bears another name is an entry the visitor renamed, priced as typed.
   */
  entryFor(item: { id: string | number | null; name: string }, companyId: number | null): CatalogueItem | null {
    const visible = (entry: CatalogueItem) => entry.company_id === null || entry.company_id === companyId;
    const byId = item.id === null ? undefined : this.byId.get(Number(item.id));
    if (byId && visible(byId) && (item.name.trim() === '' || foldText(byId.name) === foldText(item.name))) return byId;
    const named = (this.byFoldedName.get(foldText(item.name)) ?? []).filter(visible);
    return named.find((entry) => entry.company_id !== null) ?? named[0] ?? null;
  }

  byNames(names: readonly string[]): CatalogueItem[] {
    const all = this.index;
    return names.flatMap((name) =>
      all.filter((entry) => entry.item.company_id === null && entry.item.name === name).map((entry) => entry.item),
    );
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
  searchJson(query: string, companyId: number | null, limit = DEFAULT_SEARCH_LIMIT): string {
    const key = `${companyId ?? ''}|${limit}|${query}`;
    const known = this.answers.get(key);
    if (known !== undefined) {
      // Most recently used last: the oldest is the first one evicted.
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const json = `[${this.rankedEntries(query, companyId, limit)
      .map((entry) => entry.json)
      .join(',')}]`;
    this.answers.set(key, json);
    if (this.answers.size > ANSWER_CACHE_SIZE) this.answers.delete(this.answers.keys().next().value!);
    return json;
  }

  private rankedEntries(query: string, companyId: number | null, limit: number): IndexedItem[] {
    const parsed = parseItemSearch(query);
    if (!parsed) return [];
    const queryWords = searchWords(parsed.text);
    if (queryWords.length === 0) return [];
    const foldedQuery = foldText(parsed.text);
    const singularQuery = queryWords.join(' ');
    const candidates = this.index.filter(
      (entry) =>
        (entry.item.company_id === null || entry.item.company_id === companyId) &&
        queryWords.every((word) => entry.words.some((itemWord) => itemWord.startsWith(word))),
    );
    const whole = (entry: IndexedItem) => queryWords.every((word) => entry.words.includes(word));
    const offered = candidates.some(whole) ? candidates.filter(whole) : candidates;
    const rank = (entry: IndexedItem) => {
      const own = companyId !== null && entry.item.company_id === companyId ? 0 : 1;
      const generic = entry.singularName === singularQuery ? 0 : 1;
      // 'table' ranks 'Table basse' (whole first word) before 'Tableau' (a longer word).
      const wholeFirstWord = entry.bareNameWords[0] === queryWords[0] ? 0 : 1;
      const prefix =
        entry.folded.startsWith(foldedQuery) || entry.folded.startsWith(singularQuery)
          ? 0
          : entry.words[0]?.startsWith(queryWords[0]!)
            ? 1
            : 2;
      return [own, generic, wholeFirstWord, prefix, entry.item.name.length];
    };
    const byRank = (a: number[], b: number[]) => a.reduce((order, value, at) => order || value - b[at]!, 0);
    return offered
      .map((entry) => ({ entry, rank: rank(entry) }))
      .sort((a, b) => byRank(a.rank, b.rank) || frenchOrder(a.entry.item.name, b.entry.item.name))
      .slice(0, Math.min(MAX_SEARCH_LIMIT, Math.max(1, limit)))
      .map(({ entry }) => entry);
  }
}
