/** Text folding for search, shared by the elements and the reference server: one notion of 'the same word'. */
/** Lower case, accents removed, punctuation as spaces: 'Réfrigérateur-Américain' → 'refrigerateur americain'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A French word without its plural mark, so 'tables' finds 'table' and 'bureaux' 'bureau'. */
export function singular(word: string): string {
  if (word.length > 3 && (word.endsWith('s') || word.endsWith('x'))) return word.slice(0, -1);
  return word;
}

/** Folded singular words of a text. */
export function searchWords(text: string): string[] {
  return foldText(text).split(' ').filter(Boolean).map(singular);
}

/** Every word of the query starts a word of the text ('rue riv' finds '10 Rue de Rivoli'); an empty query finds all. */
export function matchesAllWords(text: string, query: string): boolean {
  const words = searchWords(text);
  return searchWords(query).every((queryWord) => words.some((word) => word.startsWith(queryWord)));
}
