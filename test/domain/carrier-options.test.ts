import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { CompanyDataSchema } from '../../src/domain/entities/company.ts';
import { makeItem } from '../../src/domain/entities/item.ts';
import { FURNISHINGS, HOME_SIZES, PRESET_CATALOGUE, presetItems, presetLines } from '../../src/domain/items/home-presets.ts';
import { CarrierOptionSchema, optionProblems, priceOptions, type CarrierOption } from '../../src/domain/options/carrier-options.ts';
import { carrierPricing, carrierProblems } from '../../src/domain/quotes/carrier-rules.ts';
import { QuoteRequestSchema } from '../../src/domain/quotes/quote-request.ts';
import { choicesFingerprint } from '../../src/domain/quotes/booking-choices.ts';

const settings: CarrierOption[] = [
  { id: 'emballage', label: 'Emballage des objets fragiles', kind: 'forfait', price_ht: 120 },
  { id: 'cartons', label: 'Cartons fournis', kind: 'unite', price_ht: 2.5, max_quantity: 80 },
  { id: 'demontage', label: 'Démontage et remontage', kind: 'piece', price_ht: 4.2 },
  { id: 'assurance', label: 'Assurance ad valorem', kind: 'pourcentage', percent: 0.5, min_value: 1000, max_value: 50000 },
].map((option) => v.parse(CarrierOptionSchema, option));
const vat = 0.2;
const items = [
  makeItem({ name: 'Chaise', quantity: 6, volume: 0.25 }),
  makeItem({ name: 'Canapé 3 places', quantity: 1, volume: 2 }),
  makeItem({ name: 'Frais de parking', category: 'cost', quantity: 1, customPrice: 30 }),
];

describe('The carrier’s options, each kind priced from its settings (issue 45)', () => {
  it('a forfait costs its price once, HT then TTC at the carrier’s VAT', () => {
    const [line] = priceOptions(settings, [{ id: 'emballage' }], items, vat);
    assert.equal(line!.amount_ht, 120 * 100);
    assert.equal(line!.amount, Math.round(120 * 100 * 1.2));
    assert.equal(line!.quantity, 1);
  });
  it('a unit option costs its price times the quantity asked for', () => {
    const [line] = priceOptions(settings, [{ id: 'cartons', quantity: 30 }], items, vat);
    assert.equal(line!.amount_ht, 30 * 250);
    assert.equal(line!.amount, Math.round(30 * 250 * 1.2));
  });
  it('a per-object option costs its price times the inventory’s objects (not the expense lines)', () => {
    const [line] = priceOptions(settings, [{ id: 'demontage' }], items, vat);
    assert.equal(line!.quantity, 7);
    assert.equal(line!.amount_ht, Math.round(7 * 420));
    assert.equal(line!.amount, Math.round(7 * 420 * 1.2));
  });
  it('a percentage option costs its share of the declared value', () => {
    const [line] = priceOptions(settings, [{ id: 'assurance', declared_value: 18000 }], items, vat);
    // 0.5 % of 18 000 € = 90 € HT.
    assert.equal(line!.amount_ht, 9000);
    assert.equal(line!.amount, 10800);
    assert.equal(line!.declared_value, 18000);
  });
  it('lines come in the carrier’s order, whatever the choices’ order', () => {
    const lines = priceOptions(settings, [{ id: 'assurance', declared_value: 2000 }, { id: 'emballage' }], items, vat);
    assert.deepEqual(
      lines.map((line) => line.id),
      ['emballage', 'assurance'],
    );
  });
  it('refuses an unknown id, a quantity beyond the maximum, a declared value out of limits, and a price sent', () => {
    const problems = optionProblems(
      [
        { id: 'inconnue' },
        { id: 'cartons', quantity: 81 },
        { id: 'assurance', declared_value: 999 },
        { id: 'emballage', price: 0 },
        { id: 'cartons', quantity: 2 },
      ],
      settings,
    );
    assert.deepEqual(
      problems.map((problem) => problem.path),
      ['options.0.id', 'options.1.quantity', 'options.2.declared_value', 'options.3.price', 'options.4.id'],
    );
    assert.ok(problems.every((problem) => /[a-zé]/.test(problem.message)));
    assert.deepEqual(
      optionProblems(
        [
          { id: 'cartons', quantity: 80 },
          { id: 'assurance', declared_value: 50000 },
        ],
        settings,
      ),
      [],
    );
  });
  it('a quote request carries choices only, refused by the carrier’s rules when out of its offer', () => {
    const carrier = carrierPricing(v.parse(CompanyDataSchema, { options: settings }), false);
    const request = v.parse(QuoteRequestSchema, {
      addresses: [{ type_name: 'pickup', lat: 48.85, lng: 2.35, floor_nb: 0, elevator_presence: false }],
      items: [],
      options: [{ id: 'assurance', declared_value: 60000 }],
    });
    assert.deepEqual(
      carrierProblems(request, carrier).map((problem) => problem.path),
      ['options.0.declared_value'],
    );
    const without = { ...request, options: [] };
    assert.notEqual(choicesFingerprint(request, 'public', 0, 0), choicesFingerprint(without, 'public', 0, 0));
  });
});

describe('A start from the home (issue 45)', () => {
  const catalogue = JSON.parse(readFileSync(new URL('../../server/seed/catalogue.json', import.meta.url), 'utf8')) as {
    name: string;
    volume: number;
    weight: number;
    time_factor: number;
    persons_needed: number;
    elevator: boolean;
    minimal_truck_capacity: number;
  }[];
  it('every preset object is a catalogue entry, with the catalogue’s figures', () => {
    for (const [name, figures] of Object.entries(PRESET_CATALOGUE)) {
      const entry = catalogue.find((candidate) => candidate.name === name);
      assert.ok(entry, name);
      assert.deepEqual(figures, {
        volume: entry.volume,
        weight: entry.weight,
        time_factor: entry.time_factor,
        persons_needed: entry.persons_needed,
        elevator: entry.elevator,
        minimal_truck_capacity: entry.minimal_truck_capacity,
      });
    }
  });
  it('a T3 normalement meublé: its inventory and its volume, counted by hand', () => {
    const expected: Record<string, number> = {
      // Séjour.
      'Canapé 3 places': 1,
      Fauteuil: 1,
      'Table basse': 1,
      'Meuble TV': 1,
      'Téléviseur 55 pouces': 1,
      'Grande bibliothèque': 1,
      Lampadaire: 1,
      Tapis: 1,
      // Cuisine, and the dining room's six chairs.
      Réfrigérateur: 1,
      'Lave-linge': 1,
      'Micro-ondes': 1,
      'Lave-vaisselle': 1,
      'Table de cuisine': 1,
      Chaise: 2 + 6,
      'Table 6 personnes': 1,
      'Buffet bas': 1,
      // Parents' room and one more.
      'Lit double avec sommier et matelas': 1,
      'Table de chevet': 2,
      'Armoire 2 portes': 1,
      Commode: 1,
      Miroir: 1,
      'Carton penderie': 2 + 1,
      'Lit simple avec sommier et matelas': 1,
      'Armoire 1 porte': 1,
      Bureau: 1,
      'Fauteuil de bureau': 1,
      Étagère: 1,
      // Salle de bain.
      'Meuble bas de salle de bain': 1,
      'Panier à linge': 1,
      Aspirateur: 1,
      'Carton standard': 60,
      'Carton livres': 15,
    };
    const lines = presetLines('T3', 'normalement meublé');
    assert.deepEqual(Object.fromEntries(lines.map((line) => [line.name, line.quantity])), expected);
    const volumeOf = (name: string) => catalogue.find((entry) => entry.name === name)!.volume;
    const byHand =
      2 +
      0.8 +
      0.4 +
      0.6 +
      0.25 +
      1.5 +
      0.1 +
      0.1 +
      (0.9 + 0.5 + 0.1 + 0.5 + 0.6) +
      8 * 0.25 +
      1.5 +
      1 +
      (1.5 + 2 * 0.15 + 1.8 + 0.8 + 0.05 + 3 * 0.35) +
      (1 + 0.8 + 0.8 + 0.4 + 0.5) +
      (0.25 + 0.1 + 0.08) +
      60 * 0.06 +
      15 * 0.04;
    const volume = presetItems('T3', 'normalement meublé').reduce((sum, item) => sum + item.volume * item.quantity, 0);
    assert.equal(Math.round(volume * 100), Math.round(byHand * 100));
    assert.equal(
      Math.round(byHand * 100),
      Math.round(Object.entries(expected).reduce((sum, [name, quantity]) => sum + volumeOf(name) * quantity, 0) * 100),
    );
    // Plausible for a French T3 (movers count about 25 to 35 m³).
    assert.ok(byHand > 24 && byHand < 36, String(byHand));
  });
  it('a home grows with its size and its furnishing', () => {
    const volume = (size: (typeof HOME_SIZES)[number], furnishing: (typeof FURNISHINGS)[number]) =>
      presetItems(size, furnishing).reduce((sum, item) => sum + item.volume * item.quantity, 0);
    for (const furnishing of FURNISHINGS)
      HOME_SIZES.slice(1).forEach((size, index) => assert.ok(volume(size, furnishing) > volume(HOME_SIZES[index]!, furnishing)));
    for (const size of HOME_SIZES) {
      assert.ok(volume(size, 'peu meublé') < volume(size, 'normalement meublé'));
      assert.ok(volume(size, 'normalement meublé') < volume(size, 'très meublé'));
    }
    // 'Peu meublé': 3/5 of the boxes, rounded.
    assert.equal(presetLines('Studio', 'peu meublé').find((line) => line.name === 'Carton standard')!.quantity, 12);
  });
});
