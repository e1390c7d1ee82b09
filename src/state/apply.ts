import { initialPoolId, isPublicPool, type CompanyData, type TravelInfos, type TravelState } from '../domain/index.ts';
import { storeMessagesAtom } from './banner.atoms.ts';
import { companyDataAtom } from './company.atoms.ts';
import { contactsAtom } from './contacts.atoms.ts';
import { customerAtom } from './customer.atoms.ts';
import { travelIdentityAtom } from './identity.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { selectPoolAtom } from './pools.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';
import type { QuoteStore } from './store.ts';

/** Puts a travel (data block, reopened booking or draft) into the store. */
export function applyTravelState(store: QuoteStore, state: TravelState): void {
  const stops = state.stops.length >= 2 ? state.stops : store.get(stopsAtom);
  // Contacts kept apart from the stops are put on the stop of their step: the contacts tab shows them there.
  store.set(
    stopsAtom,
    stops.map((stop, index) => ({
      ...stop,
      contacts: [
        ...stop.contacts,
        ...state.contacts.filter((c) => Math.min(c.step, stops.length - 1) === index).map((c) => ({ ...c, step: index })),
      ],
    })),
  );
  store.set(itemsAtom, state.items);
  store.set(customerAtom, state.customer);
  store.set(contactsAtom, []);
  store.set(storeMessagesAtom, { errorMessage: state.lite.errorMessage, infoMessage: state.lite.infoMessage });
  store.set(travelIdentityAtom, (identity) => ({
    ...identity,
    travelId: state.travelId ?? identity.travelId,
    travelToken: state.travelToken ?? identity.travelToken,
    travelState: state.travelState,
    driverPoolSelector: state.driverPoolSelector,
    vehicleCategoryId: state.vehicleCategoryId,
    timewindowEnabled: state.timewindowEnabled,
    isMigratedToTimewindow: state.isMigratedToTimewindow,
    fixedPrice: state.fixedPrice,
  }));
}

/** Company data, and for a new travel the pool it starts with (spec §4). */
export function applyCompany(store: QuoteStore, company: CompanyData): void {
  store.set(companyDataAtom, company);
  const identity = store.get(travelIdentityAtom);
  if (identity.travelId === null && company.driver_pools.length > 0) {
    const chosen = initialPoolId(company.driver_pools, identity.driverPoolSelector);
    // 'public' may be a real pool of the list; only a pool id the company has is kept.
    const known = company.driver_pools.some((pool) => String(pool.id) === String(chosen));
    // The pool a new travel starts with is selected like any other: its default notes follow.
    if (known) store.set(selectPoolAtom, chosen);
    else if (isPublicPool({ id: chosen })) store.set(travelIdentityAtom, { ...identity, driverPoolSelector: chosen });
  }
}

export function applyInfos(store: QuoteStore, infos: TravelInfos): void {
  store.set(travelIdentityAtom, (identity) => ({
    ...identity,
    travelId: infos.travel_id ?? identity.travelId,
    travelToken: infos.token ?? identity.travelToken,
    travelState: infos.state,
    driverPoolSelector: infos.driver_pool_id ?? identity.driverPoolSelector,
  }));
}
