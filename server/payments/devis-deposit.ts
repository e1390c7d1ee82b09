import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sql } from '../db/sql.ts';
import type { StoredTravel } from '../db/travels-repo.ts';
import { presentedToken } from '../http/validation.ts';
import { depositMention, depositSection, type ReturnState } from './deposit-section.ts';
import { DEPOSIT_DUE_WORDS } from 'transport-quote-wizard/domain';
import { euros } from './deposit-settings.ts';
import type { DepositService } from './deposit-service.ts';

/** The deposit's parts of a devis page: the payment mention and the state or button; null when there is no deposit. */
export interface DevisDeposit {
  mention: string;
  section: string;
  /** Where the deposit stands, for the page's summary: paid, to pay now, to pay later (not due yet), or refunded. */
  state: 'paid' | 'due' | 'later' | 'refunded';
  /** Its amount as the customer reads it ('508,20 €'). */
  amount: string;
  /** When it becomes due, in the customer's words ('une fois le devis accepté'). */
  dueWhen: string;
}

const RETURNS: readonly string[] = ['retour', 'annule', 'indisponible', 'erreur'];

/**
 * What the devis page of `travel` shows of its deposit, read for the request that opened it
 * (its token leads the button's form; `acompte` says what Checkout sent the customer back
 * with). When the button is shown, the page's policy lets its form lead to Checkout.
 */
export async function devisDeposit(
  deposits: DepositService,
  sql: Sql,
  travel: StoredTravel,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<DevisDeposit | null> {
  const offer = await deposits.offerFor(sql, travel);
  if (!offer) return null;
  const asked = (request.query as Record<string, unknown>).acompte;
  const returned = (typeof asked === 'string' && RETURNS.includes(asked) ? asked : null) as ReturnState;
  const action = `/devis/${travel.id}/acompte?${new URLSearchParams({ token: presentedToken(request) ?? '' })}`;
  const section = depositSection(offer, action, returned);
  if (section.includes('<form')) {
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    void reply.header(
      'content-security-policy',
      policy.replace(/form-action '(none|self)'/, `form-action 'self' ${deposits.formOrigins.join(' ')}`),
    );
  }
  const settled = offer.settled?.state;
  const state =
    settled === 'paid' ? 'paid' : settled === 'refunded' || settled === 'refund_pending' ? 'refunded' : offer.dueNow ? 'due' : 'later';
  return {
    mention: depositMention(offer),
    section,
    state,
    amount: euros(offer.settled?.amount_cents ?? offer.amountCents),
    dueWhen: DEPOSIT_DUE_WORDS[offer.setting.due],
  };
}
