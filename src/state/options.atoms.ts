import { atom } from 'jotai';
import { optionProblems, priceOptions, type OptionChoice, type OptionLine } from '../domain/options/carrier-options.ts';
import { companyDataAtom } from './company.atoms.ts';
import { itemsAtom } from './items.atoms.ts';

// The carrier's options the visitor chose on the estimate (issue 45): choices only, never a price.

const choicesBase = atom<OptionChoice[]>([]);

/** Every choice as the visitor made it, a declared value being typed included. */
export const optionChoicesAtom = atom((get) => get(choicesBase));

/** Restores the choices of a saved booking (apply.ts). */
export const replaceOptionChoicesAtom = atom(null, (_get, set, choices: readonly OptionChoice[]) =>
  set(
    choicesBase,
    choices.map((choice) => ({ ...choice })),
  ),
);

/** Ticks, unticks or changes one option's choice (null: not taken). */
export const chooseOptionAtom = atom(null, (get, set, { id, choice }: { id: string; choice: OptionChoice | null }) => {
  const others = get(choicesBase).filter((candidate) => candidate.id !== id);
  set(choicesBase, choice ? [...others, choice] : others);
});

/**
 * The choices the quote and the booking carry: those the carrier offers and within its limits
 * (a declared value still out of bounds is said under its field, and not sent until it holds).
 */
export const validOptionChoicesAtom = atom((get): OptionChoice[] => {
  const offered = get(companyDataAtom).options;
  return get(choicesBase).filter((choice) => optionProblems([choice], offered).length === 0);
});

/** The chosen options priced here, as the quote prices them (cents HT and TTC). */
export const localOptionLinesAtom = atom((get): OptionLine[] => {
  const company = get(companyDataAtom);
  return priceOptions(company.options, get(validOptionChoicesAtom), get(itemsAtom), company.vat);
});
