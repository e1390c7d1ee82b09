// The largest real booking (spec §5: 50 addresses; 200 items as the benchmarks use), built with
// the domain's own payload code, with what a visitor fills in: addresses, notes, two contacts
// per stop, catalogue items with their dimensions, on the fixture's day (booking-body.ts). And
// the largest booking the API accepts, every text at its limit (issue 52). Run it to measure
// both: node --import tsx server/test/api/largest-booking.ts
import { DateTime } from 'luxon';
import { LARGEST_BOOKING_BODY_BYTES } from '../../config/limits.ts';
import { FIXTURE_DAY, FIXTURE_START } from './booking-body.ts';
import { BUILT_DOMAIN, type Domain } from './support.ts';

const { buildTravelPayload, makeTravelState, ItemSchema, MAX_ADDRESSES, TravelPayloadSchema }: Domain = await import(BUILT_DOMAIN);
type StateInput = NonNullable<Parameters<Domain['makeTravelState']>[0]>;

/** The stops' window ends at noon of the fixture's day (booking-body.ts), in France. */
const WINDOW_END = DateTime.fromISO(`${FIXTURE_DAY}T12:00`, { zone: 'Europe/Paris' }).toISO({ suppressMilliseconds: true })!;

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
    timewindowEarliest: FIXTURE_START,
    timewindowLatest: WINDOW_END,
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
      date: FIXTURE_DAY,
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

/** A valibot schema as the built domain holds it: its type, its pipe's actions, what an optional wraps. */
interface SchemaNode {
  type: string;
  requirement?: unknown;
  pipe?: readonly SchemaNode[];
  wrapped?: SchemaNode;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
}

/** The longest text a field's schema accepts (its maxLength), read through its pipes and optional wrapper. */
function maxLengthOf(schema: SchemaNode | undefined): number {
  const found = (node: SchemaNode | undefined): number | undefined => {
    if (!node) return undefined;
    if (node.type === 'max_length') return node.requirement as number;
    for (const part of node.pipe ?? []) {
      const length = part === node ? undefined : found(part);
      if (length !== undefined) return length;
    }
    return found(node.wrapped);
  };
  const length = found(schema);
  if (length === undefined) throw new Error('champ sans longueur maximale');
  return length;
}

const payloadSchema = TravelPayloadSchema as unknown as SchemaNode;
const entriesOf = (node: SchemaNode | undefined) => (node?.entries ?? node?.pipe?.[0]?.entries)!;
const ADDRESS = entriesOf(payloadSchema.entries!.addresses!.pipe![0]!.item);
const CUSTOMER = entriesOf(payloadSchema.entries!.customer);
const CONTACT = entriesOf(payloadSchema.entries!.contacts!.pipe![0]!.item);
const ITEM = entriesOf(ItemSchema as unknown as SchemaNode);
const TRAVEL = entriesOf(payloadSchema.entries!.travel);

/** `head` followed by letters without a space ('…BellecourBellecour…'), to `length` characters: the worst a line's wrapping meets. */
export function unbrokenText(head: string, length: number): string {
  return (head + 'Bellecour'.repeat(Math.ceil(length / 9))).slice(0, length);
}

/**
 * The largest booking the API accepts (issue 52): as many stops as a trip may have (spec §9,
 * MAX_ADDRESSES), 200 items, and every text at the length its schema allows, unbroken: the
 * addresses, item names and customer the devis prints first, then the stops' labels, contacts'
 * names and notes and the booking's notes, which the devis does not print, as far as the body
 * limit (LARGEST_BOOKING_BODY_BYTES) lets them. Each stop names the postcode, town and country
 * of its point, which the server checks. No store_serialized: the server builds it.
 */
export function largestAcceptedBooking() {
  const real = largestBooking();
  const stops = real.addresses.length;
  if (stops !== MAX_ADDRESSES) throw new Error(`${stops} arrêts au lieu de ${MAX_ADDRESSES}`);
  const atLimit = (notes: number, additional: number) => ({
    ...real,
    store_serialized: '',
    addresses: real.addresses.map((address, index) => ({
      ...address,
      address_complete: unbrokenText(`${index + 1} rue du Faubourg Saint-Antoine 75011 Paris `, maxLengthOf(ADDRESS.address_complete)),
      label: unbrokenText(`Client ${index + 1} `, maxLengthOf(ADDRESS.label)),
      notes: unbrokenText('Digicode ', notes),
    })),
    customer: {
      name: unbrokenText('Société ', maxLengthOf(CUSTOMER.name)),
      phone_number: '01 45 67 89 01 poste 2345 ou 06 12 34 56 78'.slice(0, maxLengthOf(CUSTOMER.phone_number)),
      email: longestEmail(maxLengthOf(CUSTOMER.email)),
    },
    contacts: real.contacts.map((contact, index) => ({
      ...contact,
      name: unbrokenText(`Contact ${index + 1} `, maxLengthOf(CONTACT.name)),
    })),
    items: real.items.map((item, index) => ({ ...item, name: unbrokenText(`Armoire ${index + 1} `, maxLengthOf(ITEM.name)) })),
    travel: { ...real.travel, additional_notes: unbrokenText('Prévoir ', additional) },
  });
  // What is left under the body limit, once the printed texts are at theirs, goes to the notes;
  // a little stays free for the quote's id and figures the client adds (withServerPrice).
  const budget = LARGEST_BOOKING_BODY_BYTES - 512;
  const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body));
  const noteMax = maxLengthOf(ADDRESS.notes);
  const additionalMax = maxLengthOf(TRAVEL.additional_notes);
  const spare = budget - bytes(atLimit(0, 0));
  if (spare < 0) throw new Error(`les textes imprimés dépassent déjà la limite de ${LARGEST_BOOKING_BODY_BYTES} octets`);
  const notes = Math.min(noteMax, Math.floor(spare / stops));
  const additional = Math.min(additionalMax, spare - notes * stops);
  return atLimit(notes, additional);
}

/** A valid address of `length` characters: a 64-character local part and 63-character labels. */
function longestEmail(length: number): string {
  const local = 'c'.repeat(64);
  const labels: string[] = [];
  let domain = 'fr';
  while (local.length + 1 + domain.length < length) {
    const room = length - local.length - 1 - domain.length - 1;
    labels.push('d'.repeat(Math.min(63, room)));
    domain = `${labels.at(-1)}.${domain}`;
  }
  return `${local}@${domain}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, body] of [
    ['largest real booking', largestBooking()],
    ['largest booking accepted', largestAcceptedBooking()],
  ] as const) {
    const bytes = Buffer.byteLength(JSON.stringify(body));
    console.log(`${name}: ${bytes} bytes (${(bytes / 1024).toFixed(0)} KiB)`);
  }
}
