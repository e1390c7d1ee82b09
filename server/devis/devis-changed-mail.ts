import { NBSP, withoutLinks, type TravelPayload } from 'transport-quote-wizard/domain';
import { assemble, customerName, link, paragraph, signature, type Carrier, type MailMessage } from '../notifications/mail-messages.ts';

/** A change line as long as a letter's line; what the customer typed in it is shown without its links. */
const LINE_MAX = 300;

/**
 * The customer's e-mail when an edit changed the devis they had signed (issue 55, point 8):
 * the signature no longer holds, what changed, and the new devis to read and sign. The lines
 * are the carrier's own record of the change (booking-changes.ts), the addresses in them the
 * customer's text with nothing a reader's software turns into a link.
 */
export function devisChangedMessage(input: {
  travelId: number;
  payload: TravelPayload;
  carrier: Carrier;
  lines: readonly string[];
  /** The devis by its read-only token, when the server knows its address. */
  devisUrl: string | null;
}): MailMessage {
  const name = customerName(input.payload.customer.name);
  const number = `n°${NBSP}${input.travelId}`;
  const colour = /^#[0-9a-f]{6}$/.test(input.carrier.brand_color ?? '') ? input.carrier.brand_color : undefined;
  const changes = input.lines.map((line) => paragraph(`– ${withoutLinks(line, LINE_MAX)}`));
  return assemble(`Votre devis a changé\u00a0: réservation ${number}`, [
    paragraph(name ? `Bonjour ${name},` : 'Bonjour,'),
    paragraph(
      `Votre réservation ${number} a été modifiée. Le devis que vous aviez signé ne correspond plus\u00a0: votre signature ne vaut pas pour le nouveau. Relisez-le et signez-le pour confirmer votre accord${NBSP}; un acompte déjà réglé reste acquis.`,
    ),
    ...(changes.length > 0 ? [paragraph(`Ce qui a changé${NBSP}:`), ...changes] : []),
    ...(input.devisUrl ? [link('Relire et signer le nouveau devis', input.devisUrl, colour)] : []),
    signature(input.carrier),
  ]);
}
