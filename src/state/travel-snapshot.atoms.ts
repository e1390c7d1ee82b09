import { atom } from 'jotai';
import { makeTravelState, type TravelState } from '../domain/entities/travel.ts';
import { travelMessagesAtom } from './banner.atoms.ts';
import { bookingRefAtom, bookingStatusAtom, savingAtom } from './booking.atoms.ts';
import { companyDataAtom, companyModeAtom } from './company.atoms.ts';
import { contactsAtom } from './contacts.atoms.ts';
import { customerAtom } from './customer.atoms.ts';
import { feesAtom, totalAtom } from './estimate.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { poolIdAtom } from './pools.atoms.ts';
import { fixedPriceAtom, vehicleCategoryIdAtom } from './price-choices.atoms.ts';
import { routeLoadingAtom } from './route.atoms.ts';
import { stepAtom, validStepsAtom } from './steps.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';
import { migratedToTimeWindowsAtom, timeWindowsEnabledAtom } from './time-windows.atoms.ts';
import { STEPS } from '../domain/steps/step-model.ts';
import { validOptionChoicesAtom } from './options.atoms.ts';

/** The spec's store field 'loading' (§3): a route being computed or a booking being sent, each kept by its own concern. */
export const loadingAtom = atom((get) => get(routeLoadingAtom) || get(savingAtom));

/** The whole travel state of spec §3, assembled from the focused atoms: what is sent, and kept in store_serialized. */
export const travelSnapshotAtom = atom((get): TravelState => {
  const booking = get(bookingRefAtom);
  const company = get(companyDataAtom);
  const fees = get(feesAtom);
  const valid = get(validStepsAtom);
  return makeTravelState({
    travelId: booking.travelId,
    travelToken: booking.travelToken,
    travelState: get(bookingStatusAtom),
    driverPoolSelector: get(poolIdAtom),
    vehicleCategoryId: get(vehicleCategoryIdAtom),
    truckCapacity: fees.transportation.truckCapacity,
    timewindowEnabled: get(timeWindowsEnabledAtom),
    fixedPrice: get(fixedPriceAtom),
    fees,
    vat: company.vat,
    currency_symbol: company.currency_symbol,
    companyMode: get(companyModeAtom),
    canEditPrice: company.can_edit_price,
    permissions: company.permissions,
    hideFlags: {
      hideAddressFloor: company.hide_address_floor,
      hideCustomPrice: company.hide_custom_price,
      hideCustomNeeds: company.hide_custom_needs,
      hideSearchItems: company.hide_search_items,
      hideHandlingInfos: company.hide_handling_infos,
      hideVlSelector: company.hide_vl_selector,
    },
    isMigratedToTimewindow: get(migratedToTimeWindowsAtom),
    stops: get(stopsAtom),
    items: get(itemsAtom),
    customer: get(customerAtom),
    contacts: get(contactsAtom),
    options: get(validOptionChoicesAtom),
    // The earlier variant's store (spec §3), as the lite element shows it.
    lite: {
      stepCursor: Math.min(get(stepAtom), STEPS.finalisation),
      validSteps: valid,
      loading: get(loadingAtom),
      totalPrice: get(totalAtom),
      ...get(travelMessagesAtom),
      isNewTravel: booking.travelId === null,
      allStepsValid: valid.every(Boolean),
    },
  });
});
