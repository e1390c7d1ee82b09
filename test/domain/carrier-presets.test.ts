// The carrier's own preset inventories (issue 45, item 2): read from its company data, used by
// the items step instead of the shipped one for that home, and for that home only; a preset
// whose lines break the limits is refused with the rest of the company data.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { CompanyDataSchema } from '../../src/domain/entities/company.ts';
import { MAX_QUANTITY } from '../../src/domain/entities/item.ts';
import { CarrierPresetSchema, PRESET_LINES_MAX, presetVolume } from '../../src/domain/items/carrier-presets.ts';
import { homePresetItems, presetItems } from '../../src/domain/items/home-presets.ts';

/** A carrier's T3 normalement meublé as its company data carries it: catalogue ids and figures, each count. */
const MARTIN_T3 = {
  size: 'T3',
  furnishing: 'normalement meublé',
  items: [
    {
      id: 12,
      name: 'Canapé 3 places',
      category: 'item',
      volume: 2,
      weight: 60,
      time_factor: 0.5,
      persons_needed: 2,
      elevator: false,
      quantity: 1,
    },
    { id: 40, name: 'Chaise', category: 'item', volume: 0.25, weight: 5, time_factor: 0.05, persons_needed: 1, quantity: 10 },
    { id: 51, name: 'Carton standard', category: 'item', volume: 0.06, weight: 15, time_factor: 0.04, persons_needed: 1, quantity: 70 },
    {
      id: 9001,
      name: 'Palette Europe',
      category: 'item',
      volume: 1.5,
      weight: 300,
      time_factor: 0.15,
      persons_needed: 1,
      elevator: false,
      minimal_truck_capacity: 12,
      quantity: 2,
    },
  ],
};

/** A one-room studio the carrier trimmed to the essentials. */
const MARTIN_STUDIO = {
  size: 'Studio',
  furnishing: 'peu meublé',
  items: [
    {
      id: 3,
      name: 'Canapé convertible',
      category: 'item',
      volume: 2,
      weight: 75,
      time_factor: 0.6,
      persons_needed: 2,
      elevator: false,
      quantity: 1,
    },
    { id: 51, name: 'Carton standard', category: 'item', volume: 0.06, weight: 15, time_factor: 0.04, persons_needed: 1, quantity: 12 },
  ],
};

const company = (presets: unknown[]) => v.parse(CompanyDataSchema, { home_presets: presets });

describe('the carrier’s preset inventories', () => {
  const table: Array<{
    home: ['T3' | 'T2' | 'Studio', 'peu meublé' | 'normalement meublé' | 'très meublé'];
    count: number;
    volume: number;
    lines: typeof MARTIN_T3.items;
  }> = [
    // By hand from the lines above: 1 + 10 + 70 + 2 objects; 2 + 10 × 0,25 + 70 × 0,06 + 2 × 1,5 m³.
    { home: ['T3', 'normalement meublé'], count: 83, volume: 2 + 2.5 + 4.2 + 3, lines: MARTIN_T3.items },
    // 1 + 12 objects; 2 + 12 × 0,06 m³.
    { home: ['Studio', 'peu meublé'], count: 13, volume: 2 + 0.72, lines: MARTIN_STUDIO.items },
  ];
  for (const { home, count, volume, lines } of table)
    it(`the carrier’s ${home.join(' ')} fills the list: ${count} objects, ${volume} m³, with the catalogue’s ids and figures`, () => {
      const items = homePresetItems(home[0], home[1], company([MARTIN_T3, MARTIN_STUDIO]).home_presets);
      assert.equal(
        items.reduce((sum, item) => sum + item.quantity, 0),
        count,
      );
      assert.equal(Math.round(presetVolume(items) * 1000), Math.round(volume * 1000));
      assert.deepEqual(
        items.map((item) => [item.id, item.name, item.quantity]),
        lines.map((item) => [item.id, item.name, item.quantity]),
      );
      assert.ok(items.every((item) => item.category === 'item'));
    });

  it('an own object keeps its record’s figures (a truck of 12 m³ at least, no lift)', () => {
    const palette = homePresetItems('T3', 'normalement meublé', company([MARTIN_T3]).home_presets).find(
      (item) => item.name === 'Palette Europe',
    )!;
    assert.equal(palette.minimal_truck_capacity, 12);
    assert.equal(palette.elevator, false);
    assert.equal(palette.weight, 300);
  });

  it('another home, or another furnishing of the same size, keeps the shipped preset', () => {
    const presets = company([MARTIN_T3]).home_presets;
    for (const [size, furnishing] of [
      ['T3', 'très meublé'],
      ['T3', 'peu meublé'],
      ['T2', 'normalement meublé'],
      ['Studio', 'peu meublé'],
    ] as const)
      assert.deepEqual(homePresetItems(size, furnishing, presets), presetItems(size, furnishing));
    // Without a company (a keyless public page): the shipped one.
    assert.deepEqual(homePresetItems('T3', 'normalement meublé'), presetItems('T3', 'normalement meublé'));
  });

  it('filling twice gives fresh lines: editing one in the list leaves the carrier’s preset as it was', () => {
    const presets = company([MARTIN_T3]).home_presets;
    const first = homePresetItems('T3', 'normalement meublé', presets);
    first[1]!.quantity = 1;
    assert.equal(homePresetItems('T3', 'normalement meublé', presets)[1]!.quantity, 10);
  });

  it('refuses a preset out of limits: an unknown home or furnishing, a count of 0 or above the maximum, no line, too many lines', () => {
    const refused = (preset: unknown) => !v.safeParse(CarrierPresetSchema, preset).success;
    const withItem = (change: Record<string, unknown>) => ({ ...MARTIN_T3, items: [{ ...MARTIN_T3.items[0], ...change }] });
    assert.ok(!refused(MARTIN_T3));
    assert.ok(refused({ ...MARTIN_T3, size: 'T9' }));
    assert.ok(refused({ ...MARTIN_T3, furnishing: 'vide' }));
    assert.ok(refused(withItem({ quantity: 0 })));
    assert.ok(refused(withItem({ quantity: MAX_QUANTITY + 1 })));
    assert.ok(refused(withItem({ quantity: 2.5 })));
    assert.ok(refused(withItem({ volume: -1 })));
    assert.ok(refused({ ...MARTIN_T3, items: [] }));
    assert.ok(refused({ ...MARTIN_T3, items: Array.from({ length: PRESET_LINES_MAX + 1 }, () => MARTIN_T3.items[1]) }));
    assert.ok(!v.safeParse(CompanyDataSchema, { home_presets: [{ ...MARTIN_T3, size: 'T9' }] }).success);
    assert.deepEqual(company([]).home_presets, []);
    assert.deepEqual(v.parse(CompanyDataSchema, {}).home_presets, []);
  });
});
