// The seed catalogue (server/seed/catalogue.json) read through its schema: every entry
// well formed, no name twice, no record twice under two names, every volume one its
// dimensions can hold. The checks are shown to bite on entries made wrong on purpose.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { catalogueEntries, catalogueProblems, CatalogueFileSchema, loadCatalogue } from '../../seed/catalogue.ts';

const raw: unknown = JSON.parse(readFileSync(new URL('../../seed/catalogue.json', import.meta.url), 'utf8'));
const file = v.parse(CatalogueFileSchema, raw);

const sofa = {
  name: 'Canapé 3 places',
  family: 'Salon',
  volume: 2,
  weight: 60,
  length: 210,
  width: 95,
  height: 85,
  time_factor: 0.5,
  persons_needed: 2,
  elevator: false,
  minimal_truck_capacity: 0,
} as const;

describe('the seed catalogue', () => {
  it('every entry fits the schema, and the file has no problem', () => {
    assert.ok(file.length >= 250, `${file.length} entries`);
    assert.deepEqual(catalogueProblems(file), []);
  });

  it('the bare words a mover types stand for an entry, with its figures', () => {
    const entries = loadCatalogue(raw);
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    for (const [bare, record] of [
      ['Canapé', 'Canapé 3 places'],
      ['Lit', 'Lit double avec sommier et matelas'],
      ['Armoire', 'Armoire 2 portes'],
      ['Carton', 'Carton standard'],
    ] as const) {
      assert.equal(byName.get(bare)?.volume, byName.get(record)?.volume, bare);
      assert.equal(byName.get(bare)?.persons_needed, byName.get(record)?.persons_needed, bare);
    }
    assert.equal(entries.length, file.length);
  });

  it('a name twice is refused, accents and case aside', () => {
    const problems = catalogueProblems([sofa, { ...sofa, name: 'CANAPE 3 places', volume: 2.5 }]);
    assert.deepEqual(problems, ['« CANAPE 3 places » répète « Canapé 3 places »']);
  });

  it('the same record under two names is refused unless one says same_as', () => {
    assert.equal(catalogueProblems([sofa, { ...sofa, name: 'Canapé' }]).length, 1);
    assert.deepEqual(catalogueProblems([sofa, { name: 'Canapé', same_as: 'Canapé 3 places' }]), []);
    assert.deepEqual(catalogueProblems([sofa, { name: 'Sofa', same_as: 'Sofa 3 places' }]), [
      '« Sofa » renvoie à « Sofa 3 places », absent',
    ]);
  });

  it('a volume its dimensions cannot hold is refused: 10 m³ in a 1.7 m³ box, 0.1 m³ for it', () => {
    // 210 × 95 × 85 cm is 1.696 m³: five times that is 8.48 m³, a quarter 0.424 m³.
    assert.equal(catalogueProblems([{ ...sofa, volume: 10 }]).length, 1);
    assert.equal(catalogueProblems([{ ...sofa, volume: 0.1 }]).length, 1);
    assert.deepEqual(catalogueProblems([{ ...sofa, volume: 8.4 }]), []);
    assert.deepEqual(catalogueProblems([{ ...sofa, volume: 0.43 }]), []);
  });

  it('the schema refuses a zero or missing volume, a volume above the largest truck and an unknown field', () => {
    for (const bad of [
      { ...sofa, volume: 0 },
      { ...sofa, volume: 21 },
      { ...sofa, volume: undefined },
      { ...sofa, colour: 'gris' },
    ])
      assert.equal(v.safeParse(CatalogueFileSchema, [bad]).success, false, JSON.stringify(bad));
  });

  it('the server refuses a catalogue with a problem at start', () => {
    assert.throws(() => loadCatalogue([sofa, { ...sofa, name: 'Canapé' }]), /mêmes chiffres/);
    assert.deepEqual(catalogueEntries([sofa, { name: 'Canapé', same_as: 'Canapé 3 places', keywords: ['sofa'] }])[1], {
      ...sofa,
      name: 'Canapé',
      keywords: ['sofa'],
    });
  });
});
