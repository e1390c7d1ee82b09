import { randomBytes } from 'node:crypto';
import type { PriceCheck, TravelPayload } from 'transport-quote-wizard/domain';

/**
 * What the carrier's other systems are told (webhooks): a booking made, changed, accepted or
 * refused, another date (and price) proposed to its customer (the offer in `counter_offer`), its
 * devis accepted by its customer ('Bon pour accord', in `devis_acceptance`), or its deposit paid or
 * refunded (in `deposit`).
 */
export const EVENT_TYPES = [
  'booking.created',
  'booking.updated',
  'booking.accepted',
  'booking.refused',
  'booking.counter_offered',
  'booking.devis_accepted',
  'booking.deposit_paid',
  'booking.deposit_refunded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A booking as an event carries it: what it holds and what the server says of it, never a token. */
export interface BookingFacts {
  id: number;
  companyId: number | null;
  /** The carrier whose public page made it (its key): its endpoints receive the event. */
  carrierId?: number | null;
  createdAt: string;
  updatedAt: string;
  state: string;
  /** The body as stored, without its store (the element's own state, of no use to a carrier's system). */
  payload: TravelPayload;
  priceSource: string;
  priceCheck: PriceCheck | null;
  refusalReason: string | null;
  /** The prices a company set, line by line (company-prices.ts): the event shows them as the back office does. */
  priceLines?: readonly unknown[];
  /**
   * The booking's total as stored with it (booking-summary.ts: transport, handling, the items'
   * costs and the options, in cents): what the customer's e-mails write, never added up again.
   */
  totals?: { ttc: number; ht: number };
  /** The deposit the carrier asks online, as the devis says it (payments/deposit-settings.ts devisMention): the confirmation says it too. */
  depositMention?: string;
  /** The counter-offer a 'booking.counter_offered' event announces. */
  counterOffer?: CounterOfferFacts;
  /** The acceptance a 'booking.devis_accepted' event announces. */
  devisAcceptance?: DevisAcceptanceFacts;
  /** The deposit a 'booking.deposit_paid' or 'booking.deposit_refunded' event announces. */
  deposit?: DepositFacts;
}

/** A customer's 'Bon pour accord' as an event carries it: when, by what name, and the SHA-256 of the devis accepted. */
export interface DevisAcceptanceFacts {
  accepted_at: string;
  signer_name: string;
  devis_sha256: string;
}

/** A deposit as an event carries it (payments/): its amount in cents TTC, where it stands, when. */
export interface DepositFacts {
  amount: number;
  currency: 'eur';
  state: 'paid' | 'refund_pending' | 'refunded';
  paid_at: string | null;
  refunded_at: string | null;
  /** Only on a payment that never counted (made twice), refunded at once: the booking's deposit itself did not change. */
  duplicate?: true;
}

/** A counter-offer as an event carries it: the day proposed, the price when it changes (cents TTC), until when the customer may accept it. */
export interface CounterOfferFacts {
  beginning_date: string;
  ending_date: string | null;
  price_transportation: number | null;
  price_handling: number | null;
  expires_at: string;
}

/** A booking as the database holds it (StoredTravel), or as a route has just written it. */
export interface BookingRecord {
  id: number;
  company_id: number | null;
  /** The carrier whose public page (its key) made it. */
  carrier_id?: number | null;
  created_at: string;
  updated_at: string;
  state: string;
  payload: TravelPayload;
  price_source: string;
  price_check: PriceCheck | null;
  refusal_reason: string | null;
  /** Its list columns: the prices a company set, line by line (booking-summary.ts). */
  summary?: { lines?: readonly unknown[]; total?: number; total_ht?: number } | null;
}

/** What an event says of a booking: the booking routes' and the back office's alike. */
export function factsOf(travel: BookingRecord): BookingFacts {
  return {
    id: travel.id,
    companyId: travel.company_id,
    carrierId: travel.carrier_id ?? null,
    createdAt: travel.created_at,
    updatedAt: travel.updated_at,
    state: travel.state,
    payload: travel.payload,
    priceSource: travel.price_source,
    priceCheck: travel.price_check,
    refusalReason: travel.refusal_reason,
    priceLines: travel.summary?.lines ?? [],
    ...(travel.summary?.total !== undefined && travel.summary.total_ht !== undefined
      ? { totals: { ttc: travel.summary.total, ht: travel.summary.total_ht } }
      : {}),
  };
}

/**
 * Whose endpoints an event goes to: the company's id (its intranet's bookings, and those of its
 * own public pages, made with its key), or the keyless public pages' configuration.
 */
export const ownerOf = (companyId: number | null, carrierId: number | null = null) =>
  companyId !== null ? String(companyId) : carrierId !== null ? String(carrierId) : 'public';

/** Event ids are random (a receiver drops a duplicate by its id), prefixed so a log tells them from other ids. */
export const newEventId = () => `evt_${randomBytes(16).toString('base64url')}`;

/**
 * The contacts who asked to be told by SMS (spec §3: notify), with the stop they belong to:
 * what a carrier's SMS provider needs. The server sends no SMS itself.
 */
export function smsContacts(payload: TravelPayload) {
  return payload.contacts
    .filter((contact) => contact.notify && contact.phone_number.trim() !== '')
    .map((contact) => {
      const stop = payload.addresses.find((address) => address.step === contact.step + 1) ?? null;
      return {
        name: contact.name,
        phone_number: contact.phone_number,
        step: stop?.step ?? null,
        address: stop?.address_complete ?? null,
        arrival_earliest: stop?.timewindow_earliest ?? null,
      };
    });
}

/** The booking's public fields, as GET /api/v1/travels/{id} gives them, without the element's store. */
export function publicBooking(facts: BookingFacts) {
  const { store_serialized: _store, company_token: _never, ...body } = facts.payload as TravelPayload & { company_token?: string };
  return {
    id: facts.id,
    state: facts.state,
    created_at: facts.createdAt,
    updated_at: facts.updatedAt,
    made_by_company: facts.companyId !== null,
    price_source: facts.priceSource,
    ...(facts.priceCheck ? { price_check: facts.priceCheck } : {}),
    ...(facts.priceLines?.length ? { price_lines: facts.priceLines } : {}),
    ...(facts.refusalReason ? { refusal_reason: facts.refusalReason } : {}),
    ...body,
    travel: { ...body.travel, travel_id: facts.id },
  };
}

/** The JSON body of an event, as every delivery of it sends it. */
export function eventBody(id: string, type: EventType, at: Date, facts: BookingFacts): string {
  return JSON.stringify({
    id,
    type,
    created_at: at.toISOString(),
    data: {
      booking: publicBooking(facts),
      sms_contacts: smsContacts(facts.payload),
      ...(facts.counterOffer ? { counter_offer: facts.counterOffer } : {}),
      ...(facts.devisAcceptance ? { devis_acceptance: facts.devisAcceptance } : {}),
      ...(facts.deposit ? { deposit: facts.deposit } : {}),
    },
  });
}
