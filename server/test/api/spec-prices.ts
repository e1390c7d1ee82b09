// Spec §9 written again by hand for the tests, never taken from the code under test: the
// straight-line route (great circle on 6371 km × 1.5, at 15, 30 or 80 km/h), the public
// transport fee on the driver's route (km × 0.7 + hours × 15, rounded, at least 38), and
// handling by the hour (hours × handlers × 18, or 30 for a moving, × 1.2, rounded).

const radians = (degrees) => (degrees * Math.PI) / 180;

/** Great-circle km between two { lat, lng }. */
export function greatCircleKm(a, b) {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** One leg by the straight-line rule: road km and hours. */
export function straightLeg(a, b) {
  const km = greatCircleKm(a, b) * 1.5;
  const speed = km > 100 ? 80 : km > 10 ? 30 : 15;
  return { km, hours: km / speed };
}

/** The customer's route through the stops, and the driver's (plus the way back from the last to the first). */
export function straightRoute(points) {
  const legs = points.slice(1).map((to, index) => straightLeg(points[index], to));
  const customer = { km: legs.reduce((s, l) => s + l.km, 0), hours: legs.reduce((s, l) => s + l.hours, 0) };
  const back = points.length > 1 ? straightLeg(points[0], points[points.length - 1]) : { km: 0, hours: 0 };
  return { customer, driver: { km: customer.km + back.km, hours: customer.hours + back.hours } };
}

/** The public grid's transport fee in euros, VAT included, on the driver's route. */
export function publicTransportEuros(points) {
  const { driver } = straightRoute(points);
  return Math.max(38, Math.round(driver.km * 0.7 + driver.hours * 15));
}

/** Handling in euros, VAT included (20 %), at the spec's rates. */
export function handlingEuros({ hours, persons, moving, vat = 0.2 }) {
  return Math.round(hours * persons * (moving ? 30 : 18) * (1 + vat));
}

/** Cents as spec §7 sends them, with the HT variant (TTC / 1.2, to the cent). */
export const cents = (euros) => Math.round(euros * 100);
export const htCents = (ttcCents, vat = 0.2) => Math.round(ttcCents / (1 + vat));
