import { makeItem, type Item } from '../entities/item.ts';
import { carrierPresetFor, FURNISHINGS, HOME_SIZES, type CarrierPreset, type Furnishing, type HomeSize } from './carrier-presets.ts';

export { FURNISHINGS, HOME_SIZES, type Furnishing, type HomeSize };

/**
 * A start from the home (issue 45): 'Studio, T1… T5, Maison' and how furnished it is fill the
 * list with a preset inventory of catalogue objects, every line then editable as any other.
 *
 * Each line names a catalogue entry by its name, the catalogue's key (server/seed/catalogue.json
 * gives no fixed id; the server resolves an item without id by its name: items-repo entryFor),
 * and carries that entry's figures, so the element's estimate prices it as the server's quote
 * does; a test checks them against the seed.
 *
 * Assumptions, stated since no single source fixes them: French movers' rule of thumb of about
 * half the floor area in m³ (a 65 m² T3 around 30 m³, a studio around 10 m³), the usual room
 * counts of a French Tn (n main rooms: a living room and n − 1 bedrooms, a T3 being a séjour,
 * a parents' room and one more), about 10 to 20 boxes a room (cartons standard and livres), and
 * 'peu meublé' / 'très meublé' as the essentials only, or one more of the extras (armchairs,
 * bookcases, rugs, wardrobe boxes) and half as many boxes again. With the catalogue's movers'
 * volumes this gives for 'normalement meublé' about 10 m³ for a studio, 16 for a T1, 21 for a
 * T2, 26 for a T3, 32 for a T4, 37 for a T5 and 45 for a house with a garden and a garage.
 */

type Figures = Pick<Item, 'volume' | 'weight' | 'time_factor' | 'persons_needed' | 'elevator' | 'minimal_truck_capacity'>;

/** The catalogue's figures of the entries the presets name (server/seed/catalogue.json). */
export const PRESET_CATALOGUE: Readonly<Record<string, Figures>> = {
  'Armoire 1 porte': { volume: 0.8, weight: 45, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Armoire 2 portes': { volume: 1.8, weight: 80, time_factor: 0.6, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  Aspirateur: { volume: 0.08, weight: 6, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Buffet bas': { volume: 1, weight: 70, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Buffet haut': { volume: 2, weight: 120, time_factor: 0.6, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  Bureau: { volume: 0.8, weight: 35, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Caisse à outils': { volume: 0.05, weight: 15, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Canapé 3 places': { volume: 2, weight: 60, time_factor: 0.5, persons_needed: 2, elevator: false, minimal_truck_capacity: 0 },
  'Canapé convertible': { volume: 2, weight: 75, time_factor: 0.6, persons_needed: 2, elevator: false, minimal_truck_capacity: 0 },
  'Carton livres': { volume: 0.04, weight: 18, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Carton penderie': { volume: 0.35, weight: 15, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Carton standard': { volume: 0.06, weight: 15, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  Chaise: { volume: 0.25, weight: 5, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  Commode: { volume: 0.8, weight: 40, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Congélateur armoire': { volume: 0.8, weight: 65, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  Fauteuil: { volume: 0.8, weight: 25, time_factor: 0.15, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Fauteuil de bureau': { volume: 0.4, weight: 15, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Grande bibliothèque': { volume: 1.5, weight: 60, time_factor: 0.45, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  Lampadaire: { volume: 0.1, weight: 5, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Lave-linge': { volume: 0.5, weight: 70, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Lave-vaisselle': { volume: 0.5, weight: 45, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Lit double avec sommier et matelas': {
    volume: 1.5,
    weight: 80,
    time_factor: 0.5,
    persons_needed: 2,
    elevator: false,
    minimal_truck_capacity: 0,
  },
  'Lit simple avec sommier et matelas': {
    volume: 1,
    weight: 50,
    time_factor: 0.35,
    persons_needed: 2,
    elevator: true,
    minimal_truck_capacity: 0,
  },
  'Meuble TV': { volume: 0.6, weight: 35, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Meuble bas de salle de bain': {
    volume: 0.25,
    weight: 15,
    time_factor: 0.06,
    persons_needed: 1,
    elevator: true,
    minimal_truck_capacity: 0,
  },
  'Micro-ondes': { volume: 0.1, weight: 15, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  Miroir: { volume: 0.05, weight: 5, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Panier à linge': { volume: 0.1, weight: 2, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Petite bibliothèque': { volume: 0.5, weight: 25, time_factor: 0.12, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Rayonnage métallique': { volume: 0.5, weight: 25, time_factor: 0.2, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  Réfrigérateur: { volume: 0.9, weight: 60, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Salon de jardin': { volume: 1.5, weight: 40, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Sèche-linge': { volume: 0.5, weight: 40, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Table 4 personnes': { volume: 1, weight: 30, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Table 6 personnes': { volume: 1.5, weight: 45, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Table basse': { volume: 0.4, weight: 20, time_factor: 0.1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Table de chevet': { volume: 0.15, weight: 10, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Table de cuisine': { volume: 0.6, weight: 25, time_factor: 0.15, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  Tapis: { volume: 0.1, weight: 8, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  Tondeuse: { volume: 0.4, weight: 30, time_factor: 0.1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  'Téléviseur 55 pouces': { volume: 0.25, weight: 17, time_factor: 0.12, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  'Vélo adulte': { volume: 0.5, weight: 15, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
  Établi: { volume: 1, weight: 60, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0 },
  Étagère: { volume: 0.5, weight: 20, time_factor: 0.12, persons_needed: 1, elevator: true, minimal_truck_capacity: 0 },
};

/** A room's objects: name, then how many when peu, normalement, très meublé. */
type Line = readonly [name: string, few: number, usual: number, many: number];

const ROOMS = {
  cuisine: [
    ['Réfrigérateur', 1, 1, 1],
    ['Lave-linge', 1, 1, 1],
    ['Micro-ondes', 1, 1, 1],
    ['Lave-vaisselle', 0, 1, 1],
    ['Table de cuisine', 0, 1, 1],
    ['Chaise', 0, 2, 2],
  ],
  kitchenette: [
    ['Réfrigérateur', 1, 1, 1],
    ['Lave-linge', 1, 1, 1],
    ['Micro-ondes', 1, 1, 1],
  ],
  sejour: [
    ['Canapé 3 places', 1, 1, 1],
    ['Fauteuil', 0, 1, 2],
    ['Table basse', 1, 1, 1],
    ['Meuble TV', 1, 1, 1],
    ['Téléviseur 55 pouces', 1, 1, 1],
    ['Grande bibliothèque', 0, 1, 2],
    ['Lampadaire', 0, 1, 1],
    ['Tapis', 0, 1, 2],
  ],
  salleAManger: [
    ['Table 6 personnes', 1, 1, 1],
    ['Chaise', 4, 6, 6],
    ['Buffet bas', 0, 1, 1],
    ['Buffet haut', 0, 0, 1],
  ],
  chambreParents: [
    ['Lit double avec sommier et matelas', 1, 1, 1],
    ['Table de chevet', 1, 2, 2],
    ['Armoire 2 portes', 1, 1, 1],
    ['Commode', 0, 1, 1],
    ['Miroir', 0, 1, 1],
    ['Carton penderie', 1, 2, 3],
  ],
  chambre: [
    ['Lit simple avec sommier et matelas', 1, 1, 1],
    ['Armoire 1 porte', 1, 1, 1],
    ['Bureau', 0, 1, 1],
    ['Fauteuil de bureau', 0, 1, 1],
    ['Étagère', 0, 1, 1],
    ['Commode', 0, 0, 1],
    ['Carton penderie', 0, 1, 2],
  ],
  salleDeBain: [
    ['Meuble bas de salle de bain', 0, 1, 1],
    ['Panier à linge', 1, 1, 1],
    ['Aspirateur', 1, 1, 1],
  ],
  piecePrincipale: [
    ['Canapé convertible', 1, 1, 1],
    ['Table basse', 1, 1, 1],
    ['Meuble TV', 0, 1, 1],
    ['Téléviseur 55 pouces', 1, 1, 1],
    ['Table 4 personnes', 0, 1, 1],
    ['Chaise', 2, 2, 4],
    ['Armoire 1 porte', 1, 1, 1],
    ['Petite bibliothèque', 0, 1, 2],
    ['Carton penderie', 1, 1, 2],
  ],
  jardinGarage: [
    ['Salon de jardin', 1, 1, 1],
    ['Tondeuse', 1, 1, 1],
    ['Vélo adulte', 1, 2, 3],
    ['Rayonnage métallique', 1, 1, 2],
    ['Caisse à outils', 1, 1, 1],
    ['Congélateur armoire', 0, 1, 1],
    ['Sèche-linge', 0, 1, 1],
    ['Établi', 0, 1, 1],
  ],
} satisfies Record<string, readonly Line[]>;
type Room = keyof typeof ROOMS;

/** Each size's rooms, and its boxes (cartons standard, cartons livres) when normalement meublé. */
const HOMES: Record<HomeSize, { rooms: readonly Room[]; boxes: number; bookBoxes: number }> = {
  Studio: { rooms: ['piecePrincipale', 'kitchenette', 'salleDeBain'], boxes: 20, bookBoxes: 5 },
  T1: { rooms: ['sejour', 'cuisine', 'chambreParents', 'salleDeBain'], boxes: 25, bookBoxes: 5 },
  T2: { rooms: ['sejour', 'cuisine', 'salleAManger', 'chambreParents', 'salleDeBain'], boxes: 40, bookBoxes: 10 },
  T3: { rooms: ['sejour', 'cuisine', 'salleAManger', 'chambreParents', 'chambre', 'salleDeBain'], boxes: 60, bookBoxes: 15 },
  T4: { rooms: ['sejour', 'cuisine', 'salleAManger', 'chambreParents', 'chambre', 'chambre', 'salleDeBain'], boxes: 80, bookBoxes: 20 },
  T5: {
    rooms: ['sejour', 'cuisine', 'salleAManger', 'chambreParents', 'chambre', 'chambre', 'chambre', 'salleDeBain'],
    boxes: 100,
    bookBoxes: 25,
  },
  Maison: {
    rooms: [
      'sejour',
      'cuisine',
      'salleAManger',
      'chambreParents',
      'chambre',
      'chambre',
      'chambre',
      'salleDeBain',
      'salleDeBain',
      'jardinGarage',
    ],
    boxes: 120,
    bookBoxes: 30,
  },
};

/** Boxes when peu, normalement, très meublé: three fifths, all, half as many again. */
const BOX_SHARE: Record<Furnishing, number> = { 'peu meublé': 0.6, 'normalement meublé': 1, 'très meublé': 1.5 };

/** The preset's lines: each catalogue object once, with its quantity, in the rooms' order. */
export function presetLines(size: HomeSize, furnishing: Furnishing): { name: string; quantity: number }[] {
  const column = FURNISHINGS.indexOf(furnishing) + 1;
  const quantities = new Map<string, number>();
  for (const room of HOMES[size].rooms)
    for (const line of ROOMS[room]) {
      const quantity = line[column] as number;
      if (quantity > 0) quantities.set(line[0], (quantities.get(line[0]) ?? 0) + quantity);
    }
  const share = BOX_SHARE[furnishing];
  quantities.set('Carton standard', Math.round(HOMES[size].boxes * share));
  quantities.set('Carton livres', Math.round(HOMES[size].bookBoxes * share));
  return [...quantities].map(([name, quantity]) => ({ name, quantity }));
}

/** The preset as items of the list, with the catalogue's figures (no id: the server finds them by name). */
export function presetItems(size: HomeSize, furnishing: Furnishing): Item[] {
  return presetLines(size, furnishing).map(({ name, quantity }) =>
    makeItem({ id: null, name, category: 'item', quantity, ...PRESET_CATALOGUE[name] }),
  );
}

/**
 * The preset the list is filled with: the carrier's own when it edited this one in its
 * Catalogue (its lines carry the catalogue's ids and figures, priced by the server as any
 * catalogue line), else the shipped one.
 */
export function homePresetItems(size: HomeSize, furnishing: Furnishing, carrierPresets: readonly CarrierPreset[] = []): Item[] {
  const own = carrierPresetFor(carrierPresets, size, furnishing);
  return own ? own.items.map((item) => ({ ...item })) : presetItems(size, furnishing);
}
