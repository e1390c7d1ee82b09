import { atom } from 'jotai';
import type { Contact } from '../domain/entities/contact.ts';
import { replaceStopsAtom, stopsAtom } from './stops.atoms.ts';

// The contacts tab's changes to the stops' contacts, apart from stops.atoms.ts: their code
// comes with the finalisation, not with the first panel.

/** A contact of the contacts tab, on the stop of its step (spec §2). */
export const addStopContactAtom = atom(null, (get, set, contact: Contact) =>
  set(
    replaceStopsAtom,
    get(stopsAtom).map((stop, index) => (index === contact.step ? { ...stop, contacts: [...stop.contacts, contact] } : stop)),
  ),
);

/** A contact changed; a new step moves it to that stop. */
export const editStopContactAtom = atom(
  null,
  (get, set, { stopIndex, position, change }: { stopIndex: number; position: number; change: Partial<Contact> }) => {
    const stops = get(stopsAtom);
    const contact = stops[stopIndex]?.contacts[position];
    if (!contact) return;
    const updated = { ...contact, ...change };
    const moved = change.step !== undefined && change.step !== stopIndex;
    set(
      replaceStopsAtom,
      stops.map((stop, index) => {
        let contacts = stop.contacts;
        if (index === stopIndex)
          contacts = moved ? contacts.filter((_, p) => p !== position) : contacts.map((c, p) => (p === position ? updated : c));
        if (moved && index === change.step) contacts = [...contacts, updated];
        return contacts === stop.contacts ? stop : { ...stop, contacts };
      }),
    );
  },
);

export const removeStopContactAtom = atom(null, (get, set, { stopIndex, position }: { stopIndex: number; position: number }) =>
  set(
    replaceStopsAtom,
    get(stopsAtom).map((stop, index) =>
      index === stopIndex ? { ...stop, contacts: stop.contacts.filter((_, p) => p !== position) } : stop,
    ),
  ),
);
