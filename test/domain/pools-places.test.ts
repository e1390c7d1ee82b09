import { expect } from '@open-wc/testing';
import * as v from 'valibot';
import {
  composeAdditionalNotes,
  distinctSuggestions,
  DriverPoolSchema,
  findAssociatedPlace,
  initialPoolId,
  isPoolSelectorShown,
  linkStopToPlace,
  makeStop,
  priceGridOptions,
  SavedPlaceSchema,
  selectablePools,
  stopFromPlace,
  stopNoteTitle,
  withPoolDefaultNotes,
  type DriverPoolInput,
} from '../../src/domain/index.ts';

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
    expect(first).to.equal('Code porte 1234\n====\nPrévenir 30 min avant');
    expect(withPoolDefaultNotes(first, 'Badge requis')).to.equal('Code porte 1234\n====\nBadge requis');
    expect(withPoolDefaultNotes(first, null)).to.equal('Code porte 1234');
    expect(withPoolDefaultNotes('', 'Badge requis')).to.equal('====\nBadge requis');
  });

  it('S084 a new travel takes the default pool, or the first when public is selected', () => {
    expect(
      initialPoolId(
        pools([
          { id: 1, name: 'A' },
          { id: 2, name: 'B', default: true },
        ]),
        'public',
      ),
    ).to.equal(2);
    expect(
      initialPoolId(
        pools([
          { id: 1, name: 'A' },
          { id: 2, name: 'B' },
        ]),
        'public',
      ),
    ).to.equal(1);
    expect(
      initialPoolId(
        pools([
          { id: 1, name: 'A' },
          { id: 2, name: 'B' },
        ]),
        2,
      ),
    ).to.equal(2);
    expect(initialPoolId([], 'public')).to.equal('public');
  });

  it('S027 S070 the selector shows with 2+ pools; accepted travels keep only the selected pool', () => {
    const list = pools([
      { id: 'public', name: 'Grille publique' },
      { id: 2, name: 'Grille Pro' },
      { id: 3, name: 'Partenaires' },
    ]);
    expect(isPoolSelectorShown(list)).to.equal(true);
    expect(isPoolSelectorShown(list.slice(0, 1))).to.equal(false);
    expect(selectablePools(list, 2, true).map((p) => p.id)).to.deep.equal([2]);
    expect(selectablePools(list, 2, false)).to.have.length(3);
  });

  it('S040 S123 Choix Grille shows while public is selected and lists the other pools', () => {
    const list = pools([
      { id: 'public', name: 'Grille publique' },
      { id: 2, name: 'Grille Pro' },
    ]);
    expect(priceGridOptions(list, 'public')?.map((p) => p.id)).to.deep.equal([2]);
    expect(priceGridOptions(list, 2)).to.equal(null);
  });

  it('S172 a resolved address within 0.01 of a saved place is that place', () => {
    expect(findAssociatedPlace({ lat: 48.939, lng: 2.36 }, [place()])?.id).to.equal(7);
    expect(findAssociatedPlace({ lat: 48.93, lng: 2.37 }, [place()])?.id).to.equal(7);
    expect(findAssociatedPlace({ lat: 48.9411, lng: 2.36 }, [place()])).to.equal(null);
    const near = place({ id: 8, lat: 48.931 });
    expect(findAssociatedPlace({ lat: 48.9312, lng: 2.36 }, [place(), near])?.id).to.equal(8);
  });

  it('S019 S058 a stop linked to a saved place takes its label, floor, elevator, notes and contacts', () => {
    const linked = linkStopToPlace(makeStop({ index: 1, step: 2 }), place());
    expect(linked).to.include({ placeId: 7, label: 'Entrepôt Nord', floor: 2, elevator: true, notes: 'Quai n°3' });
    expect(linked.contacts.map((c) => [c.name, c.phone, c.step, c.relatedToPlace])).to.deep.equal([['Karim', '0611223344', 1, true]]);
    const chosen = stopFromPlace(makeStop(), place({ floor_nb: 0 }));
    expect(chosen).to.include({ address: '12 rue des Docks 93200 Saint-Denis', geocodeResolved: true, lat: 48.93, elevator: false });
  });

  it('S019 linking keeps the contacts and the floor the user chose; retyping the address unlinks the place', async () => {
    const { makeContact, withAddressText } = await import('../../src/domain/index.ts');
    const typed = makeStop({
      index: 0,
      step: 1,
      floor: 5,
      elevator: true,
      contacts: [makeContact({ name: 'Voisine', phone: '0600000000' })],
    });
    const linked = linkStopToPlace(typed, place());
    expect(linked).to.include({ floor: 5, elevator: true, label: 'Entrepôt Nord' });
    expect(linked.contacts.map((c) => c.name)).to.deep.equal(['Karim', 'Voisine']);
    const retyped = withAddressText(linked, '1 rue Ailleurs');
    expect(retyped).to.include({ label: '', placeId: null, geocodeResolved: false });
    expect(retyped.contacts.map((c) => c.name)).to.deep.equal(['Voisine']);
  });

  it('S173 a label of 5+ characters replaces étape N in notes', () => {
    expect(stopNoteTitle({ label: 'Quai', step: 2 })).to.equal('étape 2');
    expect(stopNoteTitle({ label: 'Dépôt', step: 2 })).to.equal('Dépôt');
    expect(stopNoteTitle({ label: '  Quai  ', step: 3 })).to.equal('étape 3');
    const notes = composeAdditionalNotes('Merci', [
      makeStop({ step: 1, notes: 'Digicode 42A' }),
      makeStop({ step: 2, label: 'Entrepôt Nord', notes: 'Quai 3' }),
      makeStop({ step: 3 }),
    ]);
    expect(notes).to.equal('Merci\nétape 1 : Digicode 42A\nEntrepôt Nord : Quai 3');
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
    expect(list.map((s) => s.id)).to.deep.equal(['saved', 'b', 'd', 'e']);
  });
});
