import * as v from 'valibot';
import { TravelStateSchema, type TravelState } from '../entities/travel.ts';

/**
 * The travel state as a booking carries it in store_serialized (spec §7): the whole state of
 * spec §3 as JSON, with a version. Bumped when its shape changes; an older one is then
 * dropped, not misread.
 */
export const SERIALIZED_TRAVEL_VERSION = 1;

const SerializedTravelSchema = v.object({ version: v.literal(SERIALIZED_TRAVEL_VERSION), state: TravelStateSchema });

/** The state as the booking's store_serialized; the token never travels inside it. */
export function serializeTravelState(state: TravelState): string {
  const { travelToken: _token, ...rest } = state;
  return JSON.stringify({ version: SERIALIZED_TRAVEL_VERSION, state: { ...rest, travelToken: null } });
}

/** Restores a state from store_serialized; null when it is corrupt or of another version. */
export function parseSerializedTravelState(serialized: string): TravelState | null {
  let raw: unknown;
  try {
    raw = JSON.parse(serialized);
  } catch {
    return null;
  }
  const parsed = v.safeParse(SerializedTravelSchema, raw);
  return parsed.success ? parsed.output.state : null;
}
