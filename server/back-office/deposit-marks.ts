import { escapeHtml } from './layout.ts';
import { shortDateTime } from './layout.ts';
import type { Sql } from '../db/sql.ts';
import { depositStates, latestDeposit, paymentsOf, settledDeposit, type DepositRow, type DepositState } from '../payments/deposits-repo.ts';
import { euros } from '../payments/deposit-settings.ts';

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

/** One payment's state in the card's list: paid, being refunded, refunded, and whether it was a duplicate. */
function paymentState(payment: DepositRow): string {
  const state =
    payment.state === 'paid'
      ? 'payé'
      : payment.state === 'refund_pending'
        ? `en cours de remboursement (demandé à Stripe le ${escapeHtml(shortDateTime(payment.refund_asked_at))})`
        : `remboursé le ${escapeHtml(shortDateTime(payment.refunded_at))}`;
  return payment.refund_cause === 'duplicate' ? `${state}<div class="meta">Paiement en double, remboursé aussitôt</div>` : state;
}

/** Every payment the booking received, with its date, amount and state (a booking may have been paid twice). */
function paymentsTable(payments: readonly DepositRow[]): string {
  if (payments.length === 0) return '';
  const rows = payments
    .map(
      (payment) => `<tr>
<td data-label="Payé le"><div class="cell">${escapeHtml(shortDateTime(payment.paid_at))}</div></td>
<td data-label="Montant" class="number"><div class="cell">${escapeHtml(euros(payment.amount_cents))}</div></td>
<td data-label="État"><div class="cell">${paymentState(payment)}</div></td>
</tr>`,
    )
    .join('');
  return `<table class="deliveries payments"><caption class="visually-hidden">Paiements de l’acompte reçus par Stripe, du plus ancien au plus récent</caption><thead><tr><th scope="col">Payé le</th><th scope="col">Montant</th><th scope="col">État</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * The booking page's 'Acompte' card: where the booking's deposit stands (the payment that
 * counts, else the latest session), then every payment received and what became of it.
 */
export async function depositCard(sql: Sql, travelId: number): Promise<string> {
  const payments = await paymentsOf(sql, travelId);
  const latest = await latestDeposit(sql, travelId);
  if (!latest) return '';
  const settled = await settledDeposit(sql, travelId);
  const shown = settled ?? latest;
  const amount = escapeHtml(euros(shown.amount_cents));
  const lines: Record<DepositState, string> = {
    open: `Acompte de ${amount} demandé\u00a0: le client a ouvert la page de paiement le ${escapeHtml(shortDateTime(shown.created_at))}, sans paiement confirmé à ce jour.`,
    expired: `Acompte de ${amount} demandé\u00a0: la page de paiement a expiré sans paiement. Le client peut recommencer depuis son devis.`,
    paid: `${amount}, payé le ${escapeHtml(shortDateTime(shown.paid_at))} (confirmé par Stripe).`,
    refund_pending: `${amount} payé le ${escapeHtml(shortDateTime(shown.paid_at))}, remboursement demandé à Stripe le ${escapeHtml(shortDateTime(shown.refund_asked_at))}\u00a0; il est réessayé tant que Stripe ne répond pas.`,
    refunded: `${amount} payé le ${escapeHtml(shortDateTime(shown.paid_at))}, remboursé le ${escapeHtml(shortDateTime(shown.refunded_at))}.`,
  };
  // Only a duplicate was paid (for a replaced or expired session): the deposit is still due.
  const head =
    settled || latest.refund_cause !== 'duplicate' ? lines[shown.state] : 'Acompte demandé\u00a0: aucun paiement retenu à ce jour.';
  const badge = settled ? (MARKS[settled.state] ?? '') : '';
  // A settled deposit's badge says its state; the sentence says the rest; the list, every payment.
  return `<section class="card" aria-labelledby="acompte-titre"><h2 id="acompte-titre">Acompte</h2><p>${badge} ${head}</p>${paymentsTable(payments)}</section>`;
}
