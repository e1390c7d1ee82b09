/**
 * Whether two pieces of plain data (numbers, strings, booleans, null, arrays and objects of
 * them, as JSON holds) are the same, deeply. What decides that a derived request is
 * unchanged, so the work behind it is not done again.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}
