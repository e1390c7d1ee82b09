import { NBSP, type TravelPayload } from 'transport-quote-wizard/domain';
import { assemble, customerName, link, paragraph, signature, type Carrier, type MailMessage } from '../notifications/mail-messages.ts';
import { euros } from './deposit-settings.ts';

/**
 * The customer's e-mails of the deposit: paid (after Stripe's signed webhook), refunded (after
 * Stripe's refund), and a payment made twice refunded (for a payment page replaced or expired,
 * or once the deposit was already paid), which says what became of the deposit itself.
 */
export function depositMailMessage(input: {
  kind: 'deposit-paid' | 'deposit-refunded';
  travelId: number;
  payload: TravelPayload;
  carrier: Carrier;
  amountCents: number;
  /** The devis's page, by its read-only token, when the server knows its address. */
  devisUrl: string | null;
  /** A refunded payment that never counted, and where the deposit stands: paid (its amount), still due, or neither (the booking refused). */
  duplicate?: { depositPaidCents: number | null; depositDue: boolean };
}): MailMessage {
  const carrier = input.carrier.name || 'Le transporteur';
  const name = customerName(input.payload.customer.name);
  const hello = paragraph(name ? `Bonjour ${name},` : 'Bonjour,');
  const number = `n°${NBSP}${input.travelId}`;
  const colour = /^#[0-9a-f]{6}$/.test(input.carrier.brand_color ?? '') ? input.carrier.brand_color : undefined;
  const devis = input.devisUrl ? [link('Mon devis', input.devisUrl, colour)] : [];
  if (input.kind === 'deposit-paid')
    return assemble(`Acompte payé pour votre réservation ${number}`, [
      hello,
      paragraph(`Nous avons bien reçu votre acompte de ${euros(input.amountCents)} pour votre réservation ${number} auprès de ${carrier}.`),
      paragraph('Il vient en déduction du prix de votre déménagement. Il vous sera remboursé si la réservation est refusée.'),
      ...devis,
      signature(input.carrier),
    ]);
  if (input.duplicate) {
    const { depositPaidCents, depositDue } = input.duplicate;
    const deposit =
      depositPaidCents !== null
        ? [paragraph(`Votre acompte de ${euros(depositPaidCents)} reste réglé\u00a0: vous n’avez rien d’autre à faire.`)]
        : depositDue
          ? [paragraph('L’acompte de votre réservation reste à régler, depuis votre devis.')]
          : [];
    return assemble(`Paiement en double remboursé pour votre réservation ${number}`, [
      hello,
      paragraph(
        `Vous avez réglé ${euros(input.amountCents)} pour votre réservation ${number} sur une page de paiement qui avait été remplacée ou avait expiré, ou alors que l’acompte était déjà payé. ${carrier} vous a remboursé ce paiement\u00a0: le remboursement apparaît sur votre compte sous quelques jours ouvrés, sur la carte qui a servi au paiement.`,
      ),
      ...deposit,
      ...devis,
      signature(input.carrier),
    ]);
  }
  return assemble(`Acompte remboursé pour votre réservation ${number}`, [
    hello,
    paragraph(
      `${carrier} vous a remboursé l’acompte de ${euros(input.amountCents)} de votre réservation ${number}. Le remboursement apparaît sur votre compte sous quelques jours ouvrés, sur la carte qui a servi au paiement.`,
    ),
    ...devis,
    signature(input.carrier),
  ]);
}
