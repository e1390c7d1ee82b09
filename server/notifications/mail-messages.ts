import {
  formatPhone,
  formatSiret,
  isCostItem,
  isLinkLike,
  NBSP,
  oneLine,
  withoutLinks,
  type TravelPayload,
  formatCents,
} from 'transport-quote-wizard/domain';
import { escapeHtml, when } from '../pages/dashboard-page.ts';

/**
 * The customer's e-mails, in French: plain text, and the same in simple HTML (no image, no
 * style sheet, no script, nothing fetched from elsewhere: nothing a mail client blocks or
 * hides). Written when the booking is, and kept until sent.
 */
export type MailKind = 'confirmation' | 'acceptance' | 'refusal' | 'veille' | 'terminee';

export interface Carrier {
  name: string;
  phone_number: string;
  email: string;
  /** The references the signature carries (Réglages, Entreprise), and the colour of the links. */
  legal_name?: string;
  siret?: string;
  address?: string;
  brand_color?: string;
}

/** The carrier's colour for links when it set one (checked for contrast on white when saved), else the product's blue. */
const linkColour = (carrier: Carrier) => (/^#[0-9a-f]{6}$/.test(carrier.brand_color ?? '') ? carrier.brand_color! : '#1d4ed8');

export interface MailInput {
  kind: MailKind;
  travelId: number;
  payload: TravelPayload;
  carrier: Carrier;
  /** The confirmation's links (they hold the booking's token, which only the confirmation knows). */
  editUrl: string | null;
  devisUrl: string | null;
  /** The customer's page: with the booking's token in the confirmation, its read-only token in the later e-mails. */
  followUrl?: string | null;
  /** Whether the devis goes with the message as a PDF (the confirmation, when the server makes them). */
  devisAttached?: boolean;
  reason: string | null;
  /** The booking's price lines (booking-summary.ts): the options chosen are written with their price, and in the total. */
  priceLines?: readonly unknown[];
  /** The booking's stored total (booking-summary.ts), which the e-mail writes as it is; absent: transport, handling and options. */
  totals?: { ttc: number; ht: number } | null;
  /** The deposit asked online, as the devis says it: the booking's e-mail says it under the total, so the devis asks nothing unannounced. */
  depositMention?: string | null;
}

/** The options among a booking's price lines, read defensively (the lines are stored JSON). */
function optionLines(lines: readonly unknown[] | undefined): { label: string; amount: number; amount_ht: number }[] {
  return (lines ?? []).flatMap((line) => {
    const candidate = line as { kind?: unknown; label?: unknown; amount?: unknown; amount_ht?: unknown };
    return candidate.kind === 'option' &&
      typeof candidate.label === 'string' &&
      typeof candidate.amount === 'number' &&
      typeof candidate.amount_ht === 'number'
      ? [{ label: candidate.label, amount: candidate.amount, amount_ht: candidate.amount_ht }]
      : [];
  });
}

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
}

const NAME_MAX = 60;
const ADDRESS_MAX = 120;

/** The customer's name as the greeting writes it: one short line, or nothing when it holds anything link-like (visitor-text.ts). */
export function customerName(name: string): string {
  const flat = oneLine(name, NAME_MAX);
  return isLinkLike(flat) ? '' : flat;
}

/** An address the customer typed, on one line, each link-like word replaced by an ellipsis. */
export function customerAddress(text: string): string {
  return withoutLinks(text, ADDRESS_MAX);
}

/** A text and its HTML, side by side: each paragraph is written once. */
export type Block = { text: string; html: string };
export const paragraph = (text: string): Block => ({ text, html: `<p style="margin:0 0 16px">${escapeHtml(text)}</p>` });
export const link = (label: string, url: string, colour = '#1d4ed8'): Block => ({
  text: `${label}${NBSP}: ${url}`,
  html: `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="color:${colour}">${escapeHtml(label)}</a></p>`,
});

/** The confirmation's word that its devis goes with it, in PDF. */
const DEVIS_ATTACHED = paragraph('Votre devis est aussi joint à ce message, en PDF.');

/**
 * A confirmation whose devis could not be made as it left (devis-pdf-pool.ts): it leaves
 * without the file, and without the sentence that says it is attached; its devis link opens
 * the devis, and its PDF, as before.
 */
export function withoutDevisAttached<M extends MailMessage>(mail: M): M {
  return { ...mail, text: mail.text.replace(`\n\n${DEVIS_ATTACHED.text}`, ''), html: mail.html.replace(DEVIS_ATTACHED.html, '') };
}

function facts(input: MailInput): Block {
  const { payload } = input;
  const travel = payload.travel;
  const first = payload.addresses[0];
  const last = payload.addresses.at(-1);
  const between = payload.addresses.length - 2;
  const trip =
    first && last && payload.addresses.length > 1
      ? `de ${customerAddress(first.address_complete)} à ${customerAddress(last.address_complete)}${between > 0 ? ` (+${NBSP}${between} étape${between > 1 ? 's' : ''})` : ''}`
      : customerAddress(first?.address_complete ?? '');
  const options = optionLines(input.priceLines);
  const objects = payload.items.filter((item) => !isCostItem(item)).reduce((sum, item) => sum + item.quantity, 0);
  // The stored total, as every other page and document reads it (issue 53); a message made
  // without it (a preview, an older caller) adds the parts it knows.
  const total =
    input.totals?.ttc ?? travel.price_transportation + travel.price_handling + options.reduce((sum, line) => sum + line.amount, 0);
  const totalHt =
    input.totals?.ht ?? travel.price_transportation_ht + travel.price_handling_ht + options.reduce((sum, line) => sum + line.amount_ht, 0);
  const rows: [string, string][] = [
    ['Réservation', `n°${NBSP}${input.travelId}`],
    ...(travel.beginning_date ? ([['Date', when(travel.beginning_date)]] as [string, string][]) : []),
    ['Trajet', trip],
    // How many objects, not their names: a name is the visitor's own text, and the devis link lists them.
    ...(objects > 0
      ? ([['Objets', `${objects}${NBSP}objet${objects > 1 ? 's' : ''} (le détail est sur le devis)`]] as [string, string][])
      : []),
    ...options.map((line): [string, string] => ['Option', `${oneLine(line.label, NAME_MAX)}${NBSP}: ${formatCents(line.amount)} TTC`]),
    ...(total > 0 ? ([['Total', `${formatCents(total)} TTC (${formatCents(totalHt)} HT)`]] as [string, string][]) : []),
    ...(input.depositMention ? ([['Acompte', input.depositMention]] as [string, string][]) : []),
  ];
  return {
    text: rows.map(([label, value]) => `${label}${NBSP}: ${value}`).join('\n'),
    html: `<table style="border-collapse:collapse;margin:0 0 16px">${rows
      .map(
        ([label, value]) =>
          `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
  };
}

export function signature(carrier: Carrier): Block {
  const contact = [carrier.phone_number ? formatPhone(carrier.phone_number) : '', carrier.email].filter(Boolean).join(' · ');
  // The legal name and SIRET, then the address: who the customer deals with, as the devis says it.
  const legal = [
    carrier.legal_name && carrier.legal_name !== carrier.name ? carrier.legal_name : '',
    carrier.siret ? `SIRET${NBSP}${formatSiret(carrier.siret)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const lines = [contact, legal, (carrier.address ?? '').replace(/\s*\n\s*/g, ', ')].filter(Boolean);
  return {
    text: [carrier.name, ...lines].join('\n'),
    html: `<p style="margin:24px 0 0;color:#4b5563">${[carrier.name, ...lines].map(escapeHtml).join('<br>')}</p>`,
  };
}

export function assemble(subject: string, blocks: Block[]): MailMessage {
  return {
    subject,
    text: `${blocks.map((block) => block.text).join('\n\n')}\n`,
    html: `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;background:#ffffff">${blocks
      .map((block) => block.html)
      .join('')}</body></html>`,
  };
}

export function mailMessage(input: MailInput): MailMessage {
  const carrier = input.carrier.name || 'Le transporteur';
  const name = customerName(input.payload.customer.name);
  const hello = paragraph(name ? `Bonjour ${name},` : 'Bonjour,');
  const number = `n°${NBSP}${input.travelId}`;
  const follow = input.followUrl ? [link('Suivre ma réservation', input.followUrl, linkColour(input.carrier))] : [];
  const day = input.payload.travel.beginning_date ? when(input.payload.travel.beginning_date) : '';
  if (input.kind === 'veille') {
    return assemble(`Votre déménagement de demain${NBSP}: réservation ${number}`, [
      hello,
      paragraph(`C’est demain${NBSP}: ${carrier} assure votre déménagement${day ? ` le ${day}` : ''}.`),
      facts(input),
      paragraph('Pour toute question de dernière minute, contactez directement le transporteur.'),
      ...follow,
      signature(input.carrier),
    ]);
  }
  if (input.kind === 'terminee') {
    return assemble(`Votre déménagement est terminé${NBSP}: réservation ${number}`, [
      hello,
      paragraph(`Votre déménagement avec ${carrier} est terminé. Merci de votre confiance.`),
      paragraph(
        `Si un bien est abîmé ou manque, vous disposez de dix jours calendaires à compter de la livraison pour adresser au déménageur, par lettre recommandée, une protestation motivée (code de la consommation, article L224-63).`,
      ),
      ...follow,
      signature(input.carrier),
    ]);
  }
  if (input.kind === 'confirmation') {
    return assemble(`Votre réservation ${number} est enregistrée`, [
      hello,
      paragraph(`${carrier} a bien reçu votre réservation. Voici ce qui est enregistré.`),
      facts(input),
      paragraph('Le transporteur étudie votre demande et revient vers vous pour la confirmer.'),
      ...follow,
      ...(input.editUrl ? [link('Modifier ma réservation', input.editUrl, linkColour(input.carrier))] : []),
      ...(input.devisUrl
        ? [link(`Mon devis, à lire et à accepter en ligne (bon pour accord)`, input.devisUrl, linkColour(input.carrier))]
        : []),
      ...(input.devisAttached ? [DEVIS_ATTACHED] : []),
      // Both hold the booking's own token: whoever has them may change it.
      ...(input.editUrl && input.followUrl
        ? [paragraph(`Ces liens sont personnels${NBSP}: ils permettent de modifier votre réservation, ne les transmettez pas.`)]
        : input.editUrl || input.followUrl
          ? [paragraph(`Ce lien est personnel${NBSP}: il permet de modifier votre réservation, ne le transmettez pas.`)]
          : []),
      signature(input.carrier),
    ]);
  }
  if (input.kind === 'acceptance') {
    return assemble(`Votre réservation ${number} est acceptée`, [
      hello,
      paragraph(`${carrier} a accepté votre réservation.`),
      facts(input),
      paragraph(
        'Vous pouvez encore la modifier avec le lien reçu lors de la réservation ; prévenez alors le transporteur de tout changement important.'.replace(
          ' ;',
          '\u202f;',
        ),
      ),
      ...follow,
      signature(input.carrier),
    ]);
  }
  return assemble(`Votre réservation ${number} n’a pas pu être acceptée`, [
    hello,
    paragraph(`${carrier} ne peut pas assurer votre réservation.`),
    paragraph(`Motif${NBSP}: ${input.reason ?? ''}`),
    facts(input),
    paragraph('Vous pouvez faire une nouvelle demande, ou contacter le transporteur pour en parler.'),
    ...follow,
    signature(input.carrier),
  ]);
}

/** A counter-offer as the customer reads it: the day proposed, the price when it changes, the link and until when it works. */
export interface CounterOfferMail {
  travelId: number;
  payload: TravelPayload;
  carrier: Carrier;
  /** 'mardi 15 décembre 2026 à 9 h', as the booking's page writes it. */
  proposedWhen: string;
  /** '1 290 € TTC', when the carrier proposes another price too. */
  proposedTotal: string | null;
  url: string;
  /** 'vendredi 11 décembre 2026 à 18 h'. */
  expiresWhen: string;
}

export function counterOfferMessage(input: CounterOfferMail): MailMessage {
  const carrier = input.carrier.name || 'Le transporteur';
  const name = customerName(input.payload.customer.name);
  const number = `n°${NBSP}${input.travelId}`;
  const before = input.payload.travel.beginning_date ? when(input.payload.travel.beginning_date) : '';
  return assemble(`Votre réservation ${number} : ${carrier} vous propose une autre date`.replace(' :', `${NBSP}:`), [
    paragraph(name ? `Bonjour ${name},` : 'Bonjour,'),
    paragraph(
      `${carrier} ne peut pas assurer votre réservation${before ? ` le ${before}` : ''}, mais vous propose le ${input.proposedWhen}${input.proposedTotal ? `, pour ${input.proposedTotal}` : ''}.`,
    ),
    link('Voir et accepter cette proposition', input.url, linkColour(input.carrier)),
    paragraph(`Ce lien fonctionne jusqu’au ${input.expiresWhen}, une seule fois. Sans réponse de votre part, rien ne change.`),
    signature(input.carrier),
  ]);
}

/** The e-mail an account of the carrier chose to get for each new booking: what it is, and where to answer it. */
export interface NewBookingAlert {
  /**
   * Why the booking awaits the carrier's answer: new; an accepted booking its customer changed
   * since ('changed'); or the customer declined the other date the carrier offered ('offer-declined').
   */
  why?: 'new' | 'changed' | 'offer-declined';
  travelId: number;
  payload: TravelPayload;
  /** The booking's page in the back office, when the server knows its public address. */
  url: string | null;
  /** '1 190 € TTC', or null for a price still to set. */
  total: string | null;
}

export function newBookingAlertMessage(input: NewBookingAlert): MailMessage {
  const { payload } = input;
  const number = `n°${NBSP}${input.travelId}`;
  const first = payload.addresses[0];
  const last = payload.addresses.at(-1);
  const town = (address: TravelPayload['addresses'][number] | undefined) =>
    customerAddress(address?.locality || address?.address_complete || '');
  const rows: [string, string][] = [
    ['Date', payload.travel.beginning_date ? when(payload.travel.beginning_date) : 'à convenir'],
    ['Trajet', payload.addresses.length > 1 ? `${town(first)} → ${town(last)}` : town(first)],
    ['Client', customerName(payload.customer.name) || '(sans nom)'],
    ['Total', input.total ?? 'prix à fixer'],
  ];
  const why = input.why ?? 'new';
  return assemble(ALERT_SUBJECTS[why](number), [
    paragraph(ALERT_LEADS[why]),
    {
      text: rows.map(([label, value]) => `${label}${NBSP}: ${value}`).join('\n'),
      html: `<p style="margin:0 0 16px">${rows.map(([label, value]) => `${escapeHtml(label)}${NBSP}: ${escapeHtml(value)}`).join('<br>')}</p>`,
    },
    ...(input.url ? [link('Ouvrir la réservation', input.url)] : []),
    paragraph('Vous recevez ce message parce que vous avez activé les alertes de réservation dans votre compte.'),
  ]);
}

const ALERT_SUBJECTS: Record<NonNullable<NewBookingAlert['why']>, (number: string) => string> = {
  new: (number) => `Nouvelle réservation ${number}`,
  changed: (number) => `Réservation ${number} modifiée, à accepter de nouveau`,
  'offer-declined': (number) => `Réservation ${number}\u00a0: autre date refusée par le client`,
};

const ALERT_LEADS: Record<NonNullable<NewBookingAlert['why']>, string> = {
  new: 'Une nouvelle réservation attend votre réponse.',
  changed:
    'Le client a modifié cette réservation après votre acceptation\u00a0: elle attend de nouveau votre réponse, avec son nouveau prix.',
  'offer-declined':
    'Le client a refusé l’autre date que vous lui aviez proposée\u00a0: sa réservation reste à la date qu’il a demandée et attend de nouveau votre réponse.',
};
