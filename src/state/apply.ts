import { atom } from 'jotai';
import { replaceOptionChoicesAtom } from './options.atoms.ts';
import type { CompanyData } from '../domain/entities/company.ts';
import { isPublicPool } from '../domain/entities/driver-pool.ts';
import type { TravelInfos, TravelState } from '../domain/entities/travel.ts';
import { initialPoolId } from '../domain/pools/pool-selection.ts';
import { setTravelMessagesAtom } from './banner.atoms.ts';
import { bindBookingAtom, bookingRefAtom } from './booking.atoms.ts';
import { setCompanyDataAtom } from './company.atoms.ts';
import { replaceContactsAtom } from './contacts.atoms.ts';
import { replaceCustomerAtom } from './customer.atoms.ts';
import { replaceItemsAtom } from './items.atoms.ts';
import { poolIdAtom, restorePoolAtom, selectPoolAtom } from './pools.atoms.ts';
import { chooseVehicleAtom, fixPriceAtom } from './price-choices.atoms.ts';
import { replaceStopsAtom, stopsAtom } from './stops.atoms.ts';
import { setTimeWindowsAtom } from './time-windows.atoms.ts';

// How the page's data enters the store: a travel (data block, property, reopened booking),
// the company, the infos block. The session's load() calls them in a fixed order.

/** A travel taken in whole. */
export const applyTravelAtom = atom(null, (get, set, state: TravelState) => {
  const stops = state.stops.length >= 2 ? state.stops : get(stopsAtom);
  // Contacts kept apart from the stops are put on the stop of their step: the contacts tab shows them there.
  set(
    replaceStopsAtom,
    stops.map((stop, index) => ({
      ...stop,
      contacts: [
        ...stop.contacts,
        ...state.contacts.filter((c) => Math.min(c.step, stops.length - 1) === index).map((c) => ({ ...c, step: index })),
      ],
    })),
  );
  set(replaceItemsAtom, state.items);
  set(replaceCustomerAtom, state.customer);
  set(replaceContactsAtom, []);
  set(setTravelMessagesAtom, { errorMessage: state.lite.errorMessage, infoMessage: state.lite.infoMessage });
  const booking = get(bookingRefAtom);
  set(bindBookingAtom, {
    travelId: state.travelId ?? booking.travelId,
    travelToken: state.travelToken ?? booking.travelToken,
    travelState: state.travelState,
  });
  set(restorePoolAtom, state.driverPoolSelector);
  set(chooseVehicleAtom, state.vehicleCategoryId);
  set(setTimeWindowsAtom, { enabled: state.timewindowEnabled, migrated: state.isMigratedToTimewindow });
  set(fixPriceAtom, state.fixedPrice);
  set(replaceOptionChoicesAtom, state.options);
});

/** The infos block states facts about the booking (its id, token, state, pool): they win over the travel's. */
export const applyInfosAtom = atom(null, (get, set, infos: TravelInfos) => {
  const booking = get(bookingRefAtom);
  set(bindBookingAtom, {
    travelId: infos.travel_id ?? booking.travelId,
    travelToken: infos.token ?? booking.travelToken,
    travelState: infos.state,
  });
  if (infos.driver_pool_id !== null && infos.driver_pool_id !== undefined) set(restorePoolAtom, infos.driver_pool_id);
});

/** Company data, and for a new travel the pool it starts with (spec §4). */
export const applyCompanyAtom = atom(null, (get, set, company: CompanyData) => {
  set(setCompanyDataAtom, company);
  if (get(bookingRefAtom).travelId !== null || company.driver_pools.length === 0) return;
  const chosen = initialPoolId(company.driver_pools, get(poolIdAtom));
  // 'public' may be a real pool of the list; only a pool id the company has is selected.
  const known = company.driver_pools.some((pool) => String(pool.id) === String(chosen));
  // The pool a new travel starts with is selected like any other: its default notes follow.
  if (known) set(selectPoolAtom, chosen);
  else if (isPublicPool({ id: chosen })) set(restorePoolAtom, chosen);
});
