import { atom } from 'jotai';
import type { Item } from '../domain/index.ts';

export const itemsAtom = atom<Item[]>([]);
