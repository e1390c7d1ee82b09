import { atom } from 'jotai';
import { makeTravelState, type TravelState } from '../domain/index.ts';
import { travelIdentityAtom } from './identity.atoms.ts';
import { companyDataAtom, companyModeAtom } from './company.atoms.ts';
import { contactsAtom } from './contacts.atoms.ts';
import { customerAtom } from './customer.atoms.ts';
import { feesAtom } from './fees.atoms.ts';
import { storeMessagesAtom } from './banner.atoms.ts';
import { liteCursorAtom, liteTotalAtom } from './lite.atoms.ts';
import { loadingAtom, validStepsAtom } from './wizard.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';

/** The whole travel state of spec §3, assembled for the payload and store_serialized. */
export const travelStateAtom = atom((get): TravelState => {
  const identity = get(travelIdentityAtom);
  const company = get(companyDataAtom);
  const fees = get(feesAtom);
  const valid = get(validStepsAtom);
  return makeTravelState({
    travelId: identity.travelId,
    travelToken: identity.travelToken,
    travelState: identity.travelState,
    driverPoolSelector: identity.driverPoolSelector,
    vehicleCategoryId: identity.vehicleCategoryId,
    truckCapacity: fees.transportation.truckCapacity,
    timewindowEnabled: identity.timewindowEnabled,
    fixedPrice: identity.fixedPrice,
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
    isMigratedToTimewindow: identity.isMigratedToTimewindow,
    stops: get(stopsAtom),
    items: get(itemsAtom),
    customer: get(customerAtom),
    contacts: get(contactsAtom),
    // The earlier variant's store (spec §3), as the lite element shows it.
    lite: {
      stepCursor: get(liteCursorAtom),
      validSteps: valid,
      loading: get(loadingAtom),
      totalPrice: get(liteTotalAtom),
      ...get(storeMessagesAtom),
      isNewTravel: identity.travelId === null,
      allStepsValid: valid.every(Boolean),
    },
  });
});
