import * as v from 'valibot';
import { makeItem, QuoteRequestSchema, type QuoteFigures, type QuoteRequest, type Tariff } from 'transport-quote-wizard/domain';
import type { OfflineGeocoder } from '../../geo/geocoder.ts';
import type { QuoteService } from '../../pricing/quote-service.ts';
import { FormReader, type FieldError, type FormValues } from './form-fields.ts';

/** A trip the Simuler page prices, with what it says of it. */
export interface SimulatedTrip {
  label: string;
  request: QuoteRequest;
}

const stopAt = (lat: number, lng: number, postcode: string, floor: number, elevator: boolean, carry = 0) => ({
  type_name: 'dropoff' as const,
  lat,
  lng,
  floor_nb: floor,
  elevator_presence: elevator,
  postal_code: postcode,
  carry_metres: carry,
});

const load = (volume: number) => [
  // A flat's load as one line: its volume, and the default handling time per m³ (no catalogue object is named).
  makeItem({ name: `Mobilier et cartons (${volume} m³)`, category: 'item', volume, persons_needed: volume >= 7 ? 2 : 1 }),
];

/**
 * The sample every carrier sees first: a T2 (two rooms, about 20 m³ of furniture and boxes)
 * from the 3rd floor without a lift in Paris 4e to the 2nd floor with a lift in Lyon 2e, on no
 * particular day (no day coefficient).
 */
export const SAMPLE_TRIP: SimulatedTrip = {
  label: 'Paris 4e → Lyon 2e, un T2 (20\u00a0m³), 3e étage sans ascenseur → 2e avec ascenseur',
  request: v.parse(QuoteRequestSchema, {
    grid: 'wizard',
    addresses: [{ ...stopAt(48.8556, 2.358, '75004', 3, false), type_name: 'pickup' }, stopAt(45.7578, 4.832, '69002', 2, true)],
    items: load(20),
  }),
};

const TripFormSchema = v.object({
  depart: v.pipe(v.string(), v.trim(), v.maxLength(200)),
  arrivee: v.pipe(v.string(), v.trim(), v.maxLength(200)),
});

/** Whether the carrier typed a trip of its own (any of its fields). */
export function typedTrip(values: FormValues): boolean {
  return ['trajet_depart', 'trajet_arrivee', 'trajet_volume'].some((name) => (values[name] ?? '').trim() !== '');
}

/**
 * The carrier's own trip, from the Simuler form: two towns or postcodes (the server's offline
 * index places them), a volume, floors, lifts, a carry at the arrival and a day. Each wrong
 * field is named.
 */
export function parseTypedTrip(values: FormValues, geocoder: OfflineGeocoder): { trip: SimulatedTrip | null; errors: FieldError[] } {
  const form = new FormReader(values);
  const texts = v.parse(TripFormSchema, { depart: form.text('trajet_depart'), arrivee: form.text('trajet_arrivee') });
  const place = (name: string, text: string, label: string) => {
    if (text === '') return form.fail(name, `${label}\u00a0: indiquez une ville ou un code postal, par exemple 69002 Lyon.`);
    const found = geocoder.search(text, 1, false).features[0];
    if (!found)
      return form.fail(name, `${label}\u00a0: «\u202f${text.slice(0, 40)}\u202f» est introuvable. Indiquez une ville ou un code postal.`);
    const [lng, lat] = found.geometry.coordinates;
    return { lat, lng, postcode: found.properties.postcode, city: found.properties.city };
  };
  const from = place('trajet_depart', texts.depart, 'Départ');
  const to = place('trajet_arrivee', texts.arrivee, 'Arrivée');
  const volume = form.number('trajet_volume', { label: 'Volume', min: 0.1, max: 100, example: '20' });
  const floor = (name: string, label: string) =>
    form.text(name) === '' ? 0 : form.number(name, { label, min: -1, max: 12, integer: true, range: 'de −1 (rue) à 12' });
  const fromFloor = floor('trajet_etage_depart', 'Étage au départ');
  const toFloor = floor('trajet_etage_arrivee', 'Étage à l’arrivée');
  const carry =
    form.text('trajet_portage') === ''
      ? 0
      : form.number('trajet_portage', { label: 'Portage à l’arrivée', min: 0, max: 1000, integer: true, example: '30' });
  const date = form.text('trajet_date');
  if (date !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(date)) form.fail('trajet_date', 'Date\u00a0: choisissez un jour, ou laissez vide.');
  if (form.errors.length > 0 || !from || !to || volume === null || fromFloor === null || toFloor === null || carry === null)
    return { trip: null, errors: form.errors };
  const parsed = v.safeParse(QuoteRequestSchema, {
    grid: 'wizard',
    addresses: [
      {
        ...stopAt(from.lat, from.lng, from.postcode, fromFloor, fromFloor > 0 && form.checked('trajet_ascenseur_depart')),
        type_name: 'pickup',
      },
      stopAt(to.lat, to.lng, to.postcode, toFloor, toFloor > 0 && form.checked('trajet_ascenseur_arrivee'), carry),
    ],
    items: load(volume),
    date,
  });
  if (!parsed.success) return { trip: null, errors: [{ field: 'trajet_date', message: 'Date\u00a0: ce jour n’existe pas.' }] };
  return { trip: { label: `${from.city} → ${to.city}, ${String(volume).replace('.', ',')}\u00a0m³`, request: parsed.output }, errors: [] };
}

/** One trip priced by the quote service on the tariff in force and, when one is drafted, on the draft. */
export interface SimulationRow {
  label: string;
  current: QuoteFigures;
  draft: QuoteFigures | null;
}

export async function simulate(
  quotes: QuoteService,
  companyId: number,
  trips: readonly SimulatedTrip[],
  draft: Tariff | null,
): Promise<SimulationRow[]> {
  const rows: SimulationRow[] = [];
  for (const trip of trips) {
    const current = (await quotes.price(trip.request, companyId)).figures;
    const drafted = draft ? (await quotes.price(trip.request, companyId, null, draft)).figures : null;
    rows.push({ label: trip.label, current, draft: drafted });
  }
  return rows;
}
