import { escapeHtml } from '../back-office/layout.ts';
import { shortDateTime } from '../back-office/layout.ts';
import type { Sql } from '../db/sql.ts';
import { depositStates, findDepositState, type DepositState } from './deposits-repo.ts';
import { euros } from './deposit-settings.ts';

const MARKS: Partial<Record<DepositState, string>> = {
  paid: '<span class="badge state-accepted">Acompte payé</span>',
  refund_pending: '<span class="badge warning">Acompte à rembourser</span>',
  refunded: '<span class="badge info">Acompte remboursé</span>',
};

/** The list's deposit marks of a page of bookings (paid, being refunded, refunded). */
export async function depositMarks(sql: Sql, travelIds: readonly number[]): Promise<Map<number, string>> {
  const marks = new Map<number, string>();
  for (const [id, state] of await depositStates(sql, travelIds)) {
    const mark = MARKS[state];
    if (mark) marks.set(id, mark);
  }
  return marks;
}

/** The booking page's 'Acompte' card: what the customer paid online, and what became of it. */
export async function depositCard(sql: Sql, travelId: number): Promise<string> {
  const status = await findDepositState(sql, travelId);
  if (!status) return '';
  const amount = escapeHtml(euros(status.amountCents));
  const lines: Record<DepositState, string> = {
    open: `Acompte de ${amount} demandé\u00a0: le client a ouvert la page de paiement le ${escapeHtml(shortDateTime(status.createdAt))}, sans paiement confirmé à ce jour.`,
    expired: `Acompte de ${amount} demandé\u00a0: la page de paiement a expiré sans paiement. Le client peut recommencer depuis son devis.`,
    paid: `${amount}, payé le ${escapeHtml(shortDateTime(status.paidAt))} (confirmé par Stripe).`,
    refund_pending: `${amount} payé le ${escapeHtml(shortDateTime(status.paidAt))}, remboursement demandé à Stripe le ${escapeHtml(shortDateTime(status.refundAskedAt))}\u00a0; il est réessayé tant que Stripe ne répond pas.`,
    refunded: `${amount} payé le ${escapeHtml(shortDateTime(status.paidAt))}, remboursé le ${escapeHtml(shortDateTime(status.refundedAt))}.`,
  };
  // A settled deposit's badge says its state; the sentence says the rest.
  return `<section class="card" aria-labelledby="acompte-titre"><h2 id="acompte-titre">Acompte</h2><p>${MARKS[status.state] ?? ''} ${lines[status.state]}</p></section>`;
}
