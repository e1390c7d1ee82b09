import { atom } from 'jotai';
import { outsideAreaMessage, outsideServiceArea, servedDepartements } from '../domain/carrier/service-area.ts';
import { companyDataAtom } from './company.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';

/**
 * Why the trip cannot be booked with this carrier, once its addresses say it leaves and
 * arrives outside the départements it serves (issue 55, point 10): the server's own refusal,
 * said at the address step before any price. Null while it is served, or not yet known (an
 * address not chosen yet decides nothing).
 */
export const outsideAreaAtom = atom((get): string | null => {
  const carrier = get(companyDataAtom).transportation_company;
  const served = servedDepartements(carrier?.service_area ?? '');
  if (served.length === 0) return null;
  const postalCodes = get(stopsAtom).map((stop) => (stop.geocodeResolved ? stop.postalCode : ''));
  return outsideServiceArea(postalCodes, served) ? outsideAreaMessage(served, carrier?.phone_number ?? '') : null;
});
