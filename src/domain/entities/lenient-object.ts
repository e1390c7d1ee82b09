import * as v from 'valibot';

/** What a lenient parse set aside: fields with a value it could not use, and fields it does not know. */
export interface SetAside {
  invalid: string[];
  unknown: string[];
}

export type LenientResult<T> = { success: true; output: T; setAside: SetAside } | { success: false; issue: v.BaseIssue<unknown> };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Real back ends send null for "not set": it counts as absent, at any depth, so defaults apply. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((entry) => entry !== null).map(withoutNulls);
  if (!isPlainObject(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) if (entry !== null) kept[key] = withoutNulls(entry);
  return kept;
}

/** The entries of a list the field's own schema accepts one by one; null when it is no list. */
function usableEntries(schema: v.GenericSchema, list: unknown): unknown[] | null {
  if (!Array.isArray(list)) return null;
  return list.filter((entry) => v.safeParse(schema, [entry]).success);
}

/**
 * Parses an object block field by field (spec §3 and §9 give the fields defaults): null or an
 * empty string counts as absent, a field that does not pass takes its default, a list keeps
 * the entries that pass, and unknown fields are dropped. Everything set aside is listed, so
 * the caller can say it once; only a block that is no object at all fails.
 */
export function parseObjectLeniently<TSchema extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: TSchema,
  value: unknown,
): LenientResult<v.InferOutput<TSchema>> {
  const block = v.safeParse(v.custom<Record<string, unknown>>(isPlainObject, 'un objet JSON est attendu'), withoutNulls(value));
  if (!block.success) return { success: false, issue: block.issues[0] };
  const setAside: SetAside = { invalid: [], unknown: [] };
  const repaired: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(block.output)) {
    const fieldSchema = schema.entries[key] as v.GenericSchema | undefined;
    if (!fieldSchema) {
      setAside.unknown.push(key);
      continue;
    }
    if (v.safeParse(fieldSchema, entry).success) {
      repaired[key] = entry;
      continue;
    }
    if (entry === '') continue;
    const entries = usableEntries(fieldSchema, entry);
    if (entries && v.safeParse(fieldSchema, entries).success) {
      repaired[key] = entries;
      (entry as unknown[]).forEach((item, index) => {
        if (!entries.includes(item)) setAside.invalid.push(`${key}.${index}`);
      });
      continue;
    }
    setAside.invalid.push(key);
  }
  const parsed = v.safeParse(schema, repaired);
  return parsed.success ? { success: true, output: parsed.output, setAside } : { success: false, issue: parsed.issues[0] };
}
