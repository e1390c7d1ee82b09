import { atom } from 'jotai';
import type { Contact } from '../domain/entities/contact.ts';

/** Contacts of the contacts tab; a stop's own contacts live on the stop. */
export const contactsAtom = atom<Contact[]>([]);
