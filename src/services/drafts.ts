import * as v from 'valibot';
import { ContactSchema } from '../domain/entities/contact.ts';
import { CustomerSchema } from '../domain/entities/customer.ts';
import { ItemSchema } from '../domain/entities/item.ts';
import { StopSchema } from '../domain/entities/stop.ts';

/** Bumped when the draft's shape changes: an older draft is then dropped, silently. */
export const DRAFT_VERSION = 1;

export const DraftSchema = v.object({
  version: v.literal(DRAFT_VERSION),
  savedAt: v.string(),
  stops: v.array(StopSchema),
  items: v.array(ItemSchema),
  customer: CustomerSchema,
  contacts: v.array(ContactSchema),
  panel: v.optional(v.number(), 0),
  /** Kept with the draft so a retry after a lost answer makes one booking (DESIGN §6). */
  idempotencyKey: v.optional(v.nullable(v.string()), null),
});
export type Draft = v.InferOutput<typeof DraftSchema>;
export type DraftInput = Omit<v.InferInput<typeof DraftSchema>, 'version'>;

export interface DraftOwner {
  tag: string;
  /** The element's id, else its position among the page's elements of that tag. */
  instance: string;
  path: string;
  companyToken: string | null;
  travelId: string | null;
}

/**
 * A short fingerprint (FNV-1a, 32 bits) that keeps two companies' drafts apart without
 * writing the company token into the browser's storage: it cannot give the token back.
 */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** One draft per element of a page, company and travel: two elements on a page never mix theirs. */
export function draftKey({ tag, instance, path, companyToken, travelId }: DraftOwner): string {
  return `tqw-draft:${tag}:${path}#${instance}:${companyToken ? `c${fingerprint(companyToken)}` : '-'}:${travelId || 'new'}`;
}

export interface DraftStorage {
  load(key: string): Draft | null;
  save(key: string, draft: DraftInput): void;
  clear(key: string): void;
}

/** localStorage drafts; a private window or a full quota only means no draft. */
export function localDraftStorage(storage: Storage | null = safeLocalStorage()): DraftStorage {
  return {
    load(key) {
      if (!storage) return null;
      let raw: unknown;
      try {
        raw = JSON.parse(storage.getItem(key) ?? 'null');
      } catch {
        raw = null;
      }
      const parsed = v.safeParse(DraftSchema, raw);
      if (!parsed.success) {
        if (raw !== null) storage.removeItem(key);
        return null;
      }
      return parsed.output;
    },
    save(key, draft) {
      try {
        storage?.setItem(key, JSON.stringify({ ...draft, version: DRAFT_VERSION, savedAt: draft.savedAt }));
      } catch {
        /* quota or private mode: the draft is a comfort, not a promise */
      }
    },
    clear(key) {
      storage?.removeItem(key);
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
