import { atom } from 'jotai';
import { makeCustomer, type Customer } from '../domain/index.ts';

export const customerAtom = atom<Customer>(makeCustomer());
