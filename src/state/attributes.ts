import * as v from 'valibot';

/**
 * The elements' attributes (DESIGN §3), listed once: the element observes them and defines
 * their properties from this list, custom-elements.json and the TypeScript declarations
 * describe them from it (elements/contract.ts, which holds each one's description, checked
 * there to cover the list), and the session's configuration is parsed from them with the
 * schema below.
 */
export const ATTRIBUTES = {
  apiBase: { attribute: 'api-base', kind: 'text' },
  companyToken: { attribute: 'company-token', kind: 'text' },
  carrierKey: { attribute: 'carrier-key', kind: 'text' },
  mode: { attribute: 'mode', kind: 'choice', values: ['public', 'company'] },
  travelId: { attribute: 'travel-id', kind: 'text' },
  travelToken: { attribute: 'travel-token', kind: 'text' },
  mapsKey: { attribute: 'maps-key', kind: 'text' },
  mapsProvider: { attribute: 'maps-provider', kind: 'choice', values: ['google', 'geoplateforme', 'local'] },
  mapsVisible: { attribute: 'maps-visible', kind: 'presence' },
  parentOrigin: { attribute: 'parent-origin', kind: 'text' },
  dashboardBase: { attribute: 'dashboard-base', kind: 'text' },
} as const satisfies Record<string, AttributeSpec>;

interface AttributeSpec {
  attribute: string;
  /** text: trimmed, empty is absent; choice: one of `values`, else absent; presence: a boolean (maps-visible). */
  kind: 'text' | 'choice' | 'presence';
  values?: readonly string[];
}

export type AttributeProperty = keyof typeof ATTRIBUTES;
type Spec<K extends AttributeProperty> = (typeof ATTRIBUTES)[K];

/** Text as an attribute gives it: trimmed, and an empty value is no value. */
const Text = v.pipe(
  v.nullable(v.string()),
  v.transform((value) => value?.trim() || null),
);
const choice = <Values extends readonly string[]>(values: Values) =>
  v.pipe(
    Text,
    v.transform((value): Values[number] | null => (value !== null && values.includes(value) ? value : null)),
  );
/** Presence-style boolean: `maps-visible`, `maps-visible=""` and `"true"` are on; "false", "0", "no", "non" are off. */
const Presence = v.pipe(
  v.nullable(v.string()),
  v.transform((value) => value !== null && !/^(false|0|no|non)$/i.test(value.trim())),
);

type AttributeSchema<K extends AttributeProperty> =
  Spec<K> extends { kind: 'presence' }
    ? typeof Presence
    : Spec<K> extends { kind: 'choice'; values: infer Values extends readonly string[] }
      ? ReturnType<typeof choice<Values>>
      : typeof Text;

function schemaOf<K extends AttributeProperty>(spec: Spec<K>): AttributeSchema<K> {
  if (spec.kind === 'presence') return Presence as AttributeSchema<K>;
  if (spec.kind === 'choice') return choice(spec.values) as AttributeSchema<K>;
  return Text as AttributeSchema<K>;
}

/** The attributes as the session reads them, each raw value (a string, or null when absent) parsed by its kind. */
export const AttributesSchema = v.object(
  Object.fromEntries(
    Object.entries(ATTRIBUTES).map(([property, spec]) => [property, schemaOf(spec as Spec<AttributeProperty>)]),
  ) as unknown as {
    [K in AttributeProperty]: AttributeSchema<K>;
  },
);

/** The element's configuration: its attributes parsed, api-base defaulted to the page's origin, and its id (it names drafts). */
export type ElementConfig = Omit<v.InferOutput<typeof AttributesSchema>, 'apiBase'> & { apiBase: string; elementId: string | null };

/** What the page around the element contributes: its origin (api-base's default) and its address's `?mapsVisible=true`. */
export interface PageLocation {
  origin: string;
  search: string;
}

/** Reads the attributes through `read` (an element's getAttribute) into the element's configuration. */
export function parseAttributes(read: (attribute: string) => string | null, location: PageLocation): ElementConfig {
  const raw = Object.fromEntries(Object.entries(ATTRIBUTES).map(([property, spec]) => [property, read(spec.attribute)]));
  const parsed = v.parse(AttributesSchema, raw);
  return {
    ...parsed,
    apiBase: parsed.apiBase ?? location.origin,
    mapsVisible: parsed.mapsVisible || new URLSearchParams(location.search).get('mapsVisible') === 'true',
    elementId: v.parse(Text, read('id')),
  };
}

/** An element with no attribute yet, on no page: what a store holds before its session starts. */
export const NO_ATTRIBUTES: ElementConfig = parseAttributes(() => null, { origin: '', search: '' });
