import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertIncludes } from './assertions.ts';
import * as v from 'valibot';
import { composeAdditionalNotes, stopNoteTitle } from '../../src/domain/places/stop-notes.ts';
import { distinctSuggestions } from '../../src/domain/places/distinct-suggestions.ts';
import { DriverPoolSchema, type DriverPoolInput } from '../../src/domain/entities/driver-pool.ts';
import { findAssociatedPlace, linkStopToPlace, stopFromPlace } from '../../src/domain/places/place-association.ts';
import {
  initialPoolId,
  isPoolSelectorShown,
  priceGridOptions,
  selectablePools,
  withPoolDefaultNotes,
} from '../../src/domain/pools/pool-selection.ts';
import { makeStop } from '../../src/domain/entities/stop.ts';
import { SavedPlaceSchema } from '../../src/domain/entities/saved-place.ts';

const pools = (list: DriverPoolInput[]) => list.map((pool) => v.parse(DriverPoolSchema, pool));
const place = (over: Record<string, unknown> = {}) =>
  v.parse(SavedPlaceSchema, {
    id: 7,
    label: 'Entrepôt Nord',
    address_complete: '12 rue des Docks 93200 Saint-Denis',
    lat: 48.93,
    lng: 2.36,
    floor_nb: 2,
    elevator_presence: true,
    notes: 'Quai n°3',
    contacts: [{ name: 'Karim', phone_number: '0611223344' }],
    ...over,
  });

describe('pools, places and notes (spec §4, §9)', () => {
  it('S083 a pool default notes go after a ==== marker, replacing the previous ones', () => {
    const first = withPoolDefaultNotes('Code porte 1234', 'Prévenir 30 min avant');
    assert.equal(first, 'Code porte 1234\n====\nPrévenir 30 min avant');
    assert.equal(withPoolDefaultNotes(first, 'Badge requis'), 'Code porte 1234\n====\nBadge requis');
    assert.equal(withPoolDefaultNotes(first, null), 'Code porte 1234');
    assert.equal(withPoolDefaultNotes('', 'Badge requis'), '====\nBadge requis');
  });

  it('S084 a new travel takes the default pool, or the first when public is selected', () => {
    assert.equal(
      initialPoolId(
        pools([
          { id: 1, name: 'A' },
          { id: 2, name: 'B', default: true },
        ]),
        'public',
      ),
      2,
    );
    assert.equal(
      initialPoolId(
        pools([
          { id: 1, name: 'A' },
          { id: 2, name: 'B' },
        ]),
        'public',
      ),
      1,
    );
    assert.equal(
      initialPoolId(
        pools([
          { id: 1, name: 'A' },
          { id: 2, name: 'B' },
        ]),
        2,
      ),
      2,
    );
    assert.equal(initialPoolId([], 'public'), 'public');
  });

  it('S027 S070 the selector shows with 2+ pools; accepted travels keep only the selected pool', () => {
    const list = pools([
      { id: 'public', name: 'Grille publique' },
      { id: 2, name: 'Grille Pro' },
      { id: 3, name: 'Partenaires' },
    ]);
    assert.equal(isPoolSelectorShown(list), true);
    assert.equal(isPoolSelectorShown(list.slice(0, 1)), false);
    assert.deepEqual(
      selectablePools(list, 2, true).map((p) => p.id),
      [2],
    );
    assert.equal(selectablePools(list, 2, false).length, 3);
  });

  it('S040 S123 Choix Grille shows while public is selected and lists the other pools', () => {
    const list = pools([
      { id: 'public', name: 'Grille publique' },
      { id: 2, name: 'Grille Pro' },
    ]);
    assert.deepEqual(
      priceGridOptions(list, 'public')?.map((p) => p.id),
      [2],
    );
    assert.equal(priceGridOptions(list, 2), null);
  });

  it('S172 a resolved address within 0.01 of a saved place is that place', () => {
    assert.equal(findAssociatedPlace({ lat: 48.939, lng: 2.36 }, [place()])?.id, 7);
    assert.equal(findAssociatedPlace({ lat: 48.93, lng: 2.37 }, [place()])?.id, 7);
    assert.equal(findAssociatedPlace({ lat: 48.9411, lng: 2.36 }, [place()]), null);
    const near = place({ id: 8, lat: 48.931 });
    assert.equal(findAssociatedPlace({ lat: 48.9312, lng: 2.36 }, [place(), near])?.id, 8);
  });

  it('S019 S058 a stop linked to a saved place takes its label, floor, elevator, notes and contacts', () => {
    const linked = linkStopToPlace(makeStop({ index: 1, step: 2 }), place());
    assertIncludes(linked, { placeId: 7, label: 'Entrepôt Nord', floor: 2, elevator: true, notes: 'Quai n°3' });
    assert.deepEqual(
      linked.contacts.map((c) => [c.name, c.phone, c.step, c.relatedToPlace]),
      [['Karim', '0611223344', 1, true]],
    );
    const chosen = stopFromPlace(makeStop(), place({ floor_nb: 0 }));
    assertIncludes(chosen, { address: '12 rue des Docks 93200 Saint-Denis', geocodeResolved: true, lat: 48.93, elevator: false });
  });

  it('S019 linking keeps the contacts and the floor the user chose; retyping the address unlinks the place', async () => {
    const { makeContact } = await import('../../src/domain/entities/contact.ts');
    const { withAddressText } = await import('../../src/domain/entities/stop.ts');
    const typed = makeStop({
      index: 0,
      step: 1,
      floor: 5,
      elevator: true,
      contacts: [makeContact({ name: 'Voisine', phone: '0600000000' })],
    });
    const linked = linkStopToPlace(typed, place());
    assertIncludes(linked, { floor: 5, elevator: true, label: 'Entrepôt Nord' });
    assert.deepEqual(
      linked.contacts.map((c) => c.name),
      ['Karim', 'Voisine'],
    );
    const retyped = withAddressText(linked, '1 rue Ailleurs');
    assertIncludes(retyped, { label: '', placeId: null, geocodeResolved: false });
    assert.deepEqual(
      retyped.contacts.map((c) => c.name),
      ['Voisine'],
    );
  });

  it('S173 a label of 5+ characters replaces étape N in notes', () => {
    assert.equal(stopNoteTitle({ label: 'Quai', step: 2 }), 'étape 2');
    assert.equal(stopNoteTitle({ label: 'Dépôt', step: 2 }), 'Dépôt');
    assert.equal(stopNoteTitle({ label: '  Quai  ', step: 3 }), 'étape 3');
    const notes = composeAdditionalNotes('Merci', [
      makeStop({ step: 1, notes: 'Digicode 42A' }),
      makeStop({ step: 2, label: 'Entrepôt Nord', notes: 'Quai 3' }),
      makeStop({ step: 3 }),
    ]);
    assert.equal(notes, 'Merci\nétape 1 : Digicode 42A\nEntrepôt Nord : Quai 3');
  });

  it('address suggestions list each address once, however the source wrote it; the first (a saved place) is kept', () => {
    const list = distinctSuggestions([
      { id: 'saved', label: '3 Place Bellecour 69002 Lyon' },
      { id: 'a', label: '3 place Bellecour, 69002 Lyon' },
      { id: 'b', label: 'Lyon', detail: '69001 Lyon' },
      { id: 'c', label: 'lyon', detail: '69001 Lyon' },
      { id: 'd', label: 'Lyon', detail: '69009 Lyon' },
      { id: 'e', label: 'Évry', detail: '91000 Évry-Courcouronnes' },
      { id: 'f', label: 'Evry', detail: '91000 Evry-Courcouronnes' },
    ]);
    // Two communes named Lyon with different postcodes are two places; the rest are copies.
    assert.deepEqual(
      list.map((s) => s.id),
      ['saved', 'b', 'd', 'e'],
    );
  });
});
