import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE, parseSerializedTravelState, serializeTravelState, type TravelPayload } from 'transport-quote-wizard/domain';

/** An ISO time moved by `ms`, in Paris's offset of its new day (a job moved across a change of hour keeps its hour). */
function shifted(iso: string | null, ms: number): string | null {
  if (!iso) return iso;
  const at = DateTime.fromISO(iso, { setZone: true });
  if (!at.isValid) return iso;
  return at.setZone(BUSINESS_TIME_ZONE).plus({ milliseconds: ms }).toISO({ suppressMilliseconds: true });
}

/**
 * The booking moved to the day and hour of an accepted counter-offer: its start and end, and
 * every stop's window, by the same shift; the element's state (what the edit link reopens) says
 * the new day and hour too, so a later edit starts from them.
 */
export function movedPayload(payload: TravelPayload, beginning: string): TravelPayload {
  const before = payload.travel.beginning_date;
  const ms = before ? Date.parse(beginning) - Date.parse(before) : 0;
  const moved: TravelPayload = {
    ...payload,
    travel: {
      ...payload.travel,
      beginning_date: beginning,
      ending_date: before ? shifted(payload.travel.ending_date, ms) : payload.travel.ending_date,
    },
    addresses: payload.addresses.map((address) => ({
      ...address,
      timewindow_earliest: shifted(address.timewindow_earliest, ms),
      timewindow_latest: shifted(address.timewindow_latest, ms),
    })),
  };
  const state = parseSerializedTravelState(payload.store_serialized);
  if (state) {
    const start = DateTime.fromISO(beginning, { setZone: true }).setZone(BUSINESS_TIME_ZONE);
    state.customer = { ...state.customer, date: start.toISODate() ?? '', time: start.toFormat('HH:mm') };
    state.stops = state.stops.map((stop) => ({
      ...stop,
      timewindowEarliest: shifted(stop.timewindowEarliest, ms),
      timewindowLatest: shifted(stop.timewindowLatest, ms),
    }));
    moved.store_serialized = serializeTravelState(state);
  }
  return moved;
}
