import * as v from 'valibot';
import { NBSP } from '../format.ts';
import { formatCents, type Cents } from './cents.ts';

/**
 * The deposit a carrier asks online (Réglages, Acompte), as its public data carries it to the
 * elements so that the estimate, the recap and the success panel announce it before the devis
 * asks it (issue 55, point 4). Sized here once, on the booking's total TTC, for the server's
 * devis, e-mails and payment as for the pages.
 */

/** Arrhes above half the price would be the price itself; under 1 € no card payment is worth its fee. */
export const DEPOSIT_LIMITS = { percentMin: 1, percentMax: 50, amountMinCents: 100, amountMaxCents: 1_000_000 } as const;

export const DEPOSIT_DUES = ['devis_accepted', 'booking_accepted'] as const;
export type DepositDue = (typeof DEPOSIT_DUES)[number];

// One flat object rather than a variant: the first panel's script carries the schema, and a
// variant costs it more than the check below.
export const DepositTermsSchema = v.pipe(
  v.object({
    kind: v.picklist(['percent', 'amount']),
    percent: v.optional(v.pipe(v.number(), v.integer(), v.minValue(DEPOSIT_LIMITS.percentMin), v.maxValue(DEPOSIT_LIMITS.percentMax))),
    amount_cents: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(DEPOSIT_LIMITS.amountMinCents), v.maxValue(DEPOSIT_LIMITS.amountMaxCents)),
    ),
    due: v.picklist(DEPOSIT_DUES),
  }),
  v.check((terms) => (terms.kind === 'percent' ? terms.percent : terms.amount_cents) !== undefined, 'Acompte incomplet'),
);
export type DepositTerms = v.InferOutput<typeof DepositTermsSchema>;

/**
 * The deposit of a booking whose total TTC is `totalCents`: the percentage rounded to the cent,
 * or the fixed amount; never more than the total itself.
 */
export function depositCentsOf(terms: DepositTerms, totalCents: Cents): Cents {
  const wanted = terms.kind === 'percent' ? Math.round((totalCents * (terms.percent ?? 0)) / 100) : (terms.amount_cents ?? 0);
  return Math.max(0, Math.min(wanted, totalCents));
}

/** When the deposit may be paid, in the customer's words. */
export const DEPOSIT_DUE_WORDS: Record<DepositDue, string> = {
  devis_accepted: 'une fois le devis accepté',
  booking_accepted: 'une fois la réservation acceptée par le transporteur',
};

/** '30 % du total TTC', or nothing for a fixed amount. */
export function depositShare(terms: DepositTerms): string {
  return terms.kind === 'percent' ? `${terms.percent}${NBSP}% du total TTC` : '';
}

/**
 * The deposit as the pages announce it: '508,20 € TTC (30 % du total TTC), à régler en ligne
 * une fois le devis accepté, déduit du prix'.
 */
export function depositWords(terms: DepositTerms, totalCents: Cents): string {
  const share = depositShare(terms);
  return `${formatCents(depositCentsOf(terms, totalCents))} TTC${share ? ` (${share})` : ''}, à régler en ligne ${DEPOSIT_DUE_WORDS[terms.due]}, déduit du prix`;
}
