import { atom } from 'jotai';
import { PUBLIC_POOL_ID, type FixedPrice, type Id } from '../domain/index.ts';

/** Identity and choices of the travel that are not stops, items or people (spec §3). */
export interface TravelIdentity {
  travelId: Id | null;
  travelToken: string | null;
  travelState: string;
  driverPoolSelector: Id;
  vehicleCategoryId: Id | null;
  timewindowEnabled: boolean;
  isMigratedToTimewindow: boolean;
  fixedPrice: FixedPrice | null;
  /** The estimate panel's handlers (0-4) and hours (0.5-8) choices, when the user made them. */
  personsOverride: number | null;
  hoursOverride: number | null;
}

export const travelIdentityAtom = atom<TravelIdentity>({
  travelId: null,
  travelToken: null,
  travelState: 'new',
  driverPoolSelector: PUBLIC_POOL_ID,
  vehicleCategoryId: null,
  timewindowEnabled: false,
  isMigratedToTimewindow: false,
  fixedPrice: null,
  personsOverride: null,
  hoursOverride: null,
});
