import * as v from 'valibot';
import { TravelStateSchema, type TravelState } from '../entities/travel.ts';

/** Bumped when the stored shape changes; an older store is then dropped, not misread. */
export const STORE_SERIALIZED_VERSION = 1;

const SerializedStoreSchema = v.object({ version: v.literal(STORE_SERIALIZED_VERSION), state: TravelStateSchema });

/** The state as the booking's store_serialized; the token never travels inside it. */
export function serializeStore(state: TravelState): string {
  const { travelToken: _token, ...rest } = state;
  return JSON.stringify({ version: STORE_SERIALIZED_VERSION, state: { ...rest, travelToken: null } });
}

/** Restores a state from store_serialized; null when it is corrupt or of another version. */
export function restoreStore(serialized: string): TravelState | null {
  let raw: unknown;
  try {
    raw = JSON.parse(serialized);
  } catch {
    return null;
  }
  const parsed = v.safeParse(SerializedStoreSchema, raw);
  return parsed.success ? parsed.output.state : null;
}
