import * as v from 'valibot';
import { BUSINESS_TIME_ZONE, DEFAULT_DEVIS_VALIDITY_DAYS, formatLongDate, type CompanyData } from 'transport-quote-wizard/domain';
import { insertDevisAcceptance, latestDevisAcceptance } from '../db/devis-acceptances.ts';
import { devisOwnerOf, devisSourceOf } from './devis-source.ts';
import type { Sql } from '../db/sql.ts';
import { findTravel, type StoredTravel } from '../db/travels-repo.ts';
import { factsOf } from '../notifications/booking-events.ts';
import { carrierOf, type Notifier } from '../notifications/notifier.ts';
import type { AcceptanceForm } from '../pages/devis-acceptance-form.ts';
import { canonicalDevis, devisContent, devisHash, validUntil } from '../pages/devis-content.ts';
import { DateTime } from 'luxon';
import type { DevisSource } from '../pages/devis-content.ts';
import { readOwnerStore } from '../db/company-store.ts';

/**
 * The 'Bon pour accord' form as it is posted: every field a string, or missing (an unchecked
 * box sends nothing). What each must be is checked after, field by field, so a refused form
 * comes back as typed with a French message for each mistake.
 */
export const AcceptBody = v.object({
  token: v.optional(v.pipe(v.string(), v.maxLength(200))),
  empreinte: v.optional(v.pipe(v.string(), v.maxLength(200))),
  nom: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  cgv: v.optional(v.pipe(v.string(), v.maxLength(20))),
  valeur: v.optional(v.pipe(v.string(), v.maxLength(20))),
});

type FormError = AcceptanceForm['errors'][number];

/** Which link opened a devis: the booking's edit token, or the e-mail's read-only devis token. */
export type DevisTokenKind = 'edition' | 'devis';

/** Why a devis cannot be accepted (now), in French; null when it can. */
export function acceptanceClosed(travel: StoredTravel, source: DevisSource, now = Date.now()): string | null {
  if (travel.state === 'refused') return 'Le transporteur a refusé cette réservation\u00a0: ce devis ne peut plus être accepté.';
  if (source.priceSource === 'pending')
    return 'Le prix de ce devis n’est pas encore fixé\u00a0: vous pourrez l’accepter quand le transporteur l’aura indiqué.';
  if (devisExpired(source, now)) return expiredText(source);
  return null;
}

/** Whether a devis is past the validity its carrier gives (Réglages, 30 days by default): its price no longer holds. */
export function devisExpired(source: DevisSource, now = Date.now()): boolean {
  const days = source.carrier?.devis_validity_days ?? DEFAULT_DEVIS_VALIDITY_DAYS;
  return Date.parse(validUntil(source.quote.created_at, days)) < now;
}

/** Why an expired devis cannot be accepted, and what to do: a devis at today's price, or the carrier's word for a price set by hand. */
function expiredText(source: DevisSource): string {
  const days = source.carrier?.devis_validity_days ?? DEFAULT_DEVIS_VALIDITY_DAYS;
  const ended = formatLongDate(DateTime.fromISO(validUntil(source.quote.created_at, days)).setZone(BUSINESS_TIME_ZONE).toISODate()!);
  const next =
    source.priceSource === 'quote'
      ? 'Obtenez un devis à jour, au prix d’aujourd’hui, puis acceptez-le.'
      : 'Ce prix a été fixé à la main\u00a0: demandez au transporteur un devis à jour.';
  return `Ce devis était valable jusqu’au ${ended}\u00a0: le transporteur ne s’engage plus à son prix. ${next}`;
}

/** A name as kept: spaces collapsed, no control or format character. */
const NAME_MAX = 120;
const cleanName = (raw: string) =>
  raw
    .replace(/[\p{C}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** What a posted form says, read without trusting any of it. */
export interface AcceptanceRequest {
  token: string | null;
  hash: string;
  name: string;
  terms: boolean;
  value: boolean;
  /** The form's own mistakes (before the booking is read). */
  errors: FormError[];
  /** The form as typed, with these errors and any found later, to show again. */
  form(errors: FormError[]): AcceptanceForm;
}

export function readAcceptance(body: unknown): AcceptanceRequest {
  const parsed = v.safeParse(AcceptBody, body);
  // A field of the wrong kind (a list, a number: not what the page's form sends) is read as missing.
  const loose = v.safeParse(v.record(v.string(), v.unknown()), body);
  const text = (key: keyof v.InferOutput<typeof AcceptBody>) => {
    const value = loose.success ? loose.output[key] : undefined;
    return typeof value === 'string' && value.length <= 2000 ? value : undefined;
  };
  const fields = parsed.success
    ? parsed.output
    : { token: text('token'), empreinte: text('empreinte'), nom: text('nom'), cgv: text('cgv'), valeur: text('valeur') };
  const name = cleanName(fields.nom ?? '');
  const terms = fields.cgv === 'oui';
  const value = fields.valeur === 'oui';
  const errors: FormError[] = [];
  if (!parsed.success) errors.push({ field: 'form', message: 'Le formulaire envoyé est illisible\u00a0: rechargez la page du devis.' });
  if (name.length < 2) errors.push({ field: 'nom', message: 'Indiquez vos prénom et nom.' });
  else if (name.length > NAME_MAX) errors.push({ field: 'nom', message: `Votre nom ne peut dépasser ${NAME_MAX} caractères.` });
  if (!terms) errors.push({ field: 'cgv', message: 'Cochez la case des conditions générales de vente pour accepter le devis.' });
  if (!value) errors.push({ field: 'valeur', message: 'Cochez la case de la déclaration de valeur pour accepter le devis.' });
  return {
    token: fields.token ?? null,
    hash: fields.empreinte ?? '',
    name,
    terms,
    value,
    errors,
    form: (more) => ({ name: fields.nom?.slice(0, NAME_MAX * 2) ?? '', terms, value, errors: more }),
  };
}

export interface AcceptDeps {
  sql: Sql;
  notifier: Notifier;
  publicPricing: CompanyData;
}

export type AcceptOutcome = { ok: true } | { ok: false; status: number; errors: FormError[]; travel: StoredTravel };

/** Where the acceptance comes from: the link, the connection's address, the browser. */
export interface AcceptContext {
  kind: DevisTokenKind;
  clientAddress: string;
  userAgent: string;
}

/** How much of a User-Agent is kept: enough to name the browser. */
const USER_AGENT_MAX = 500;

/**
 * Records the customer's acceptance of the devis as the booking shows it now, and tells the
 * carrier's webhooks (booking.devis_accepted), in one transaction that holds the booking's row:
 * an edit of the booking meanwhile either comes before (the hash differs: 409, read it again)
 * or after (the acceptance then concerns the earlier version). The hash recorded is the
 * server's, of the devis it shows, and only when it equals the one the page was shown with.
 */
export async function acceptDevis(
  { sql, notifier, publicPricing }: AcceptDeps,
  opened: StoredTravel,
  request: AcceptanceRequest,
  context: AcceptContext,
): Promise<AcceptOutcome> {
  const outcome = await sql.transaction(async (tx): Promise<AcceptOutcome & { written?: Awaited<ReturnType<Notifier['record']>> }> => {
    if (tx.dialect === 'postgres') await tx.get('SELECT id FROM travels WHERE id = ? FOR UPDATE', [opened.id]);
    const travel = (await findTravel(tx, opened.id)) ?? opened;
    const source = await devisSourceOf(tx, travel, publicPricing);
    if (!source) return { ok: false, status: 409, travel, errors: [{ field: 'form', message: 'Cette réservation n’a pas de devis.' }] };
    const closed = acceptanceClosed(travel, source);
    if (closed) return { ok: false, status: 409, travel, errors: [{ field: 'form', message: closed }] };
    if (request.errors.length > 0) return { ok: false, status: 400, travel, errors: request.errors };
    const content = devisContent(source);
    const hash = devisHash(content);
    if (request.hash !== hash)
      return {
        ok: false,
        status: 409,
        travel,
        errors: [
          {
            field: 'form',
            message: 'Le devis a changé depuis que vous l’avez ouvert\u00a0: relisez-le ci-dessus, puis donnez à nouveau votre accord.',
          },
        ],
      };
    const latest = await latestDevisAcceptance(tx, travel.id);
    // Accepted already, this very version: a second click records nothing more.
    if (latest?.devis_hash === hash) return { ok: true };
    const acceptedAt = new Date().toISOString();
    const acceptance = {
      travel_id: travel.id,
      accepted_at: acceptedAt,
      signer_name: request.name,
      client_address: context.clientAddress,
      user_agent: context.userAgent.slice(0, USER_AGENT_MAX),
      devis_hash: hash,
      devis_text: canonicalDevis(content),
      token_kind: context.kind,
    };
    await insertDevisAcceptance(tx, acceptance);
    const owner = devisOwnerOf(travel, publicPricing);
    const store = await readOwnerStore(tx, owner);
    const facts = {
      ...factsOf(travel),
      devisAcceptance: { accepted_at: acceptedAt, signer_name: request.name, devis_sha256: hash },
    };
    const written = await notifier.record(tx, 'booking.devis_accepted', facts, carrierOf(store, publicPricing));
    return { ok: true, written };
  });
  if (outcome.ok && outcome.written) notifier.wake(outcome.written);
  return outcome.ok ? { ok: true } : outcome;
}
