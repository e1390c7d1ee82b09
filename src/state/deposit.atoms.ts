import { atom } from 'jotai';
import { toCents } from '../domain/money/cents.ts';
import * as v from 'valibot';
import { DepositTermsSchema, depositWords } from '../domain/money/deposit.ts';
import { companyDataAtom } from './company.atoms.ts';
import { shownTotalAtom, totalAtom } from './estimate.atoms.ts';
import { currentQuoteAtom } from './quote.atoms.ts';

/**
 * The deposit the carrier will ask, in words, sized on the total the screens show (its quote's
 * once it is in): '508,20 € TTC (30 % du total TTC), à régler en ligne une fois le devis
 * accepté, déduit du prix'. Null when the carrier asks none, or while no price is shown: the
 * estimate, the recap and the success panel announce it before the devis asks it (issue 55, point 4).
 */
export const depositWordsAtom = atom((get): string | null => {
  // The carrier's data as received: trusted once the deposit's own schema has read it.
  const read = v.safeParse(DepositTermsSchema, get(companyDataAtom).deposit);
  if (!read.success || !get(shownTotalAtom)) return null;
  const terms = read.output;
  const quote = get(currentQuoteAtom);
  // The total TTC the devis will size it on: the quote's, else the page's own estimate (euros, VAT included).
  const totalCents = quote ? quote.figures.total : toCents(get(totalAtom));
  return depositWords(terms, totalCents);
});
