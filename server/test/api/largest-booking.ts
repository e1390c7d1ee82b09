// The largest real booking (spec §5: 50 addresses; 200 items as the benchmarks use), built with
// the domain's own payload code, with what a visitor fills in: addresses, notes, two contacts
// per stop, catalogue items with their dimensions. Run it to measure: node --import tsx server/test/api/largest-booking.ts
import { BUILT_DOMAIN, type Domain } from './support.ts';

const { buildTravelPayload, makeTravelState }: Domain = await import(BUILT_DOMAIN);
type StateInput = NonNullable<Parameters<Domain['makeTravelState']>[0]>;

export function largestBooking() {
  const stops: StateInput['stops'] = Array.from({ length: 50 }, (_, i) => ({
    type: i === 0 ? 'pickup' : 'dropoff',
    address: `${i + 1} rue du Faubourg Saint-Antoine 75011 Paris`,
    lat: 48.85 + i * 0.001,
    lng: 2.37 + i * 0.001,
    locality: 'Paris',
    postalCode: '75011',
    country: 'France',
    floor: 3,
    elevator: true,
    geocodeResolved: true,
    durationMin: 15,
    label: `Client ${i + 1}`,
    notes: 'Digicode 4521B, interphone au nom de Dupont, deuxième cour à gauche, ascenseur étroit.',
    timewindowEarliest: '2026-12-01T09:00:00+01:00',
    timewindowLatest: '2026-12-01T12:00:00+01:00',
    contacts: [
      { name: `Marie Dupont ${i}`, phone: '0612345678', email: `marie.dupont${i}@exemple.fr`, step: i, notify: true, valid: true },
      { name: `Jean Martin ${i}`, phone: '0698765432', email: `jean.martin${i}@exemple.fr`, step: i, notify: false, valid: true },
    ],
  }));
  const items: StateInput['items'] = Array.from({ length: 200 }, (_, i) => ({
    id: i + 1,
    name: `Armoire 2 portes en chêne massif n°${i + 1}`,
    category: 'item',
    volume: 1.8,
    weight: 80,
    length: 120,
    width: 60,
    height: 200,
    time_factor: 0.6,
    persons_needed: 2,
    elevator: true,
    quantity: 2,
  }));
  const state = makeTravelState({
    stops,
    items,
    customer: {
      name: 'Société Dupont Déménagements',
      phone: '0145678901',
      email: 'contact@dupont-demenagements.fr',
      date: '2026-12-01',
      time: '09:00',
      reference: 'DEV-2026-00042',
      notes: 'Prévoir des couvertures et des sangles. '.repeat(10),
    },
    timewindowEnabled: true,
    // A route through the 50 stops (about 7 km in a straight line) as a maps provider would give it.
    fees: {
      transportation: {
        customer: { distance: 12000, duration: 3600 },
        driver: { distance: 24000, duration: 7200 },
        truckCapacity: 20,
        fee: 450,
      },
      handling: { personsNeeded: 3, duration: 28800, fee: 864 },
    },
  });
  return buildTravelPayload(state);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bytes = Buffer.byteLength(JSON.stringify(largestBooking()));
  console.log(`largest real booking: ${bytes} bytes (${(bytes / 1024).toFixed(0)} KiB)`);
}
