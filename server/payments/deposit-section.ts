import { escapeHtml, when } from '../pages/dashboard-page.ts';
import type { DepositOffer } from './deposit-service.ts';
import { devisMention, euros } from './deposit-settings.ts';

/**
 * What the customer came back with (the return and cancel links' `acompte`, or the server's
 * own redirect: nothing to pay, or Stripe not answering), or null.
 */
export type ReturnState = 'retour' | 'annule' | 'indisponible' | 'erreur' | null;

/** The devis's 'Paiement' text when the carrier asks a deposit online. */
export function depositMention(offer: DepositOffer): string {
  return devisMention(offer.setting, offer.amountCents);
}

/**
 * The deposit's part of the devis page: paid, refunded, being confirmed (back from Checkout,
 * before Stripe's webhook), or the 'Payer l'acompte' button when it is due. The button posts
 * nothing but the link's token: the amount is the server's.
 */
export function depositSection(offer: DepositOffer, payAction: string, returned: ReturnState): string {
  const settled = offer.settled;
  const amount = escapeHtml(euros(settled?.amount_cents ?? offer.amountCents));
  const box = (kind: string, title: string, text: string) =>
    `<section class="deposit deposit-${kind}" aria-labelledby="titre-acompte"><h2 id="titre-acompte">${title}</h2>${text}</section>`;
  if (settled?.state === 'paid')
    return box(
      'paid',
      'Acompte payé',
      `<p role="status">Acompte de ${amount} payé le ${escapeHtml(when(settled.paid_at))}. Merci\u00a0!</p>`,
    );
  if (settled?.state === 'refund_pending')
    return box(
      'refund',
      'Acompte remboursé',
      `<p role="status">Votre acompte de ${amount} est en cours de remboursement sur la carte qui a servi au paiement.</p>`,
    );
  if (settled?.state === 'refunded')
    return box(
      'refund',
      'Acompte remboursé',
      `<p role="status">Votre acompte de ${amount} a été remboursé le ${escapeHtml(when(settled.refunded_at))}. Il apparaît sur votre compte sous quelques jours ouvrés.</p>`,
    );
  if (returned === 'retour' && offer.latest?.state === 'open')
    return box(
      'pending',
      'Paiement en cours de confirmation',
      `<p role="status">Merci\u00a0! Votre paiement de ${amount} est en cours de confirmation par Stripe. Cette page l’indiquera dès qu’il sera confirmé, en général en quelques secondes.</p>
<p><a href="">Actualiser la page</a></p>`,
    );
  if (!offer.dueNow) return '';
  const notes: Partial<Record<NonNullable<ReturnState>, string>> = {
    annule: 'Paiement annulé\u00a0: rien n’a été prélevé. Vous pouvez réessayer.',
    erreur: 'Le service de paiement ne répond pas pour le moment. Réessayez dans quelques minutes.',
  };
  const note = returned ? notes[returned] : undefined;
  const cancelled = note ? `<p class="deposit-note" role="status">${note}</p>` : '';
  return box(
    'due',
    'Acompte à régler',
    `${cancelled}<p>Pour confirmer votre déménagement, réglez l’acompte de <strong>${amount}</strong> par carte bancaire, sur la page de paiement sécurisée de Stripe.</p>
<form method="post" action="${escapeHtml(payAction)}"><button type="submit" class="pay">Payer l’acompte de ${amount}</button></form>`,
  );
}
