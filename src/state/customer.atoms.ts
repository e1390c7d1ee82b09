import { atom } from 'jotai';
import { makeCustomer, type Customer } from '../domain/entities/customer.ts';

export const customerAtom = atom<Customer>(makeCustomer());
/** The chosen date alone: the 50 stop cards read it, and must not re-render while a name is typed. */
export const customerDateAtom = atom((get) => get(customerAtom).date);
