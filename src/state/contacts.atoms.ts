import { atom } from 'jotai';
import type { Contact } from '../domain/entities/contact.ts';

const contactsBase = atom<Contact[]>([]);

/** Contacts kept apart from the stops (a draft's); a stop's own contacts live on the stop. */
export const contactsAtom = atom((get) => get(contactsBase));
export const replaceContactsAtom = atom(null, (_get, set, contacts: Contact[]) => set(contactsBase, contacts));
