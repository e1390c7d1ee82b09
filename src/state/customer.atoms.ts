import { atom } from 'jotai';
import { makeCustomer, type Customer } from '../domain/entities/customer.ts';

const customerBase = atom<Customer>(makeCustomer());

/** The customer of the booking (spec §3 "Customer"). */
export const customerAtom = atom((get) => get(customerBase));
/** The chosen date alone: the 50 stop cards read it, and must not re-render while a name is typed. */
export const customerDateAtom = atom((get) => get(customerBase).date);

/** Fields typed in the customer form or filled from a customer chosen in the search. */
export const editCustomerAtom = atom(null, (get, set, change: Partial<Customer>) => set(customerBase, { ...get(customerBase), ...change }));

/** A customer taken in whole: a travel, a draft. */
export const replaceCustomerAtom = atom(null, (_get, set, customer: Customer) => set(customerBase, customer));
