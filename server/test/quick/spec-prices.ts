// Spec §9 written again by hand for the quick tier, never taken from the code under test: the
// straight-line route (great circle on 6371 km × 1.5, at 15, 30 or 80 km/h; the driver's route
// adds the way from the first stop to the last), the public transport fee on the driver's route
// (km × 0.7 + hours × 15, rounded, at least 38 €), handling by the hour (hours × handlers × 18,
// or 30 for a moving, × 1.2 VAT, rounded to the euro), prices sent in cents, HT = TTC / 1.2.

export interface Point {
  lat: number;
  lng: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

function greatCircleKm(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function straightLeg(a: Point, b: Point): { km: number; hours: number } {
  const km = greatCircleKm(a, b) * 1.5;
  return { km, hours: km / (km > 100 ? 80 : km > 10 ? 30 : 15) };
}

/** The customer's route through the stops, and the driver's (plus the first stop to the last). */
export function straightRoute(points: Point[]) {
  const legs = points.slice(1).map((to, index) => straightLeg(points[index]!, to));
  const customer = { km: legs.reduce((sum, leg) => sum + leg.km, 0), hours: legs.reduce((sum, leg) => sum + leg.hours, 0) };
  const back = straightLeg(points[0]!, points[points.length - 1]!);
  return { customer, driver: { km: customer.km + back.km, hours: customer.hours + back.hours } };
}

export function publicTransportEuros(points: Point[]): number {
  const { driver } = straightRoute(points);
  return Math.max(38, Math.round(driver.km * 0.7 + driver.hours * 15));
}

export function handlingEuros({ hours, persons, moving }: { hours: number; persons: number; moving: boolean }): number {
  return Math.round(hours * persons * (moving ? 30 : 18) * 1.2);
}

export const cents = (euros: number) => Math.round(euros * 100);
export const htCents = (ttcCents: number) => Math.round(ttcCents / 1.2);
