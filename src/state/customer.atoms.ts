import { atom } from 'jotai';
import { makeCustomer, type Contact, type Customer } from '../domain/index.ts';

export const customerAtom = atom<Customer>(makeCustomer());
/** Contacts of the contacts tab (stop contacts live on their stop). */
export const contactsAtom = atom<Contact[]>([]);
