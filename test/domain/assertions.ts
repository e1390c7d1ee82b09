import assert from 'node:assert/strict';

/** Numbers computed in floating point: equal within `tolerance`. */
export function assertClose(actual: number, expected: number, tolerance: number): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);
}

/** The object has at least these fields, with these values (deeply compared); other fields are not looked at. */
export function assertIncludes(actual: object | null | undefined, expected: Record<string, unknown>): void {
  assert.ok(actual, 'expected an object');
  const picked = Object.fromEntries(Object.keys(expected).map((key) => [key, (actual as Record<string, unknown>)[key]]));
  assert.deepEqual(picked, expected);
}
