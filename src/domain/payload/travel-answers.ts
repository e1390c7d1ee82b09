// What the booking routes answer (POST, PATCH and GET /api/v1/travels): one schema per answer,
// which the reference server publishes in its contract and the elements read with.
import * as v from 'valibot';
import { PriceCheckSchema } from '../pricing/price-check.ts';
import { QuoteSchema } from '../quotes/quote-answer.ts';
import { ErrorAnswerSchema } from './error-answer.ts';
import { TravelPayloadSchema } from './travel-payload-schema.ts';

const BookingIdSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** A page's address the elements may link to: http(s) only, never a script. */
const WebAddressSchema = v.pipe(v.string(), v.maxLength(2000), v.url(), v.regex(/^https?:\/\//, 'Adresse web attendue'));

/** The 201 answer (spec §7: 'Response read: id, token'). */
export const CreateTravelResponseSchema = v.object({
  id: BookingIdSchema,
  token: v.pipe(v.string(), v.description('Le jeton de la réservation, 256 bits aléatoires : à garder, il ouvre la réservation.')),
  confirmation_email: v.optional(
    v.pipe(
      v.picklist(['sent', 'withheld', 'none']),
      v.description(
        'L’e-mail de confirmation au client : sent (il part), withheld (son adresse a déjà reçu sa part de confirmations du jour), none (pas de serveur d’e-mails, ou pas d’adresse à qui écrire). Les éléments le disent au client sur l’écran de réussite.',
      ),
    ),
  ),
  edit_url: v.optional(
    v.pipe(
      v.nullable(WebAddressSchema),
      v.description(
        'La page où le client modifie sa réservation, celle de l’e-mail de confirmation (EDIT_LINK_URL) ; null quand le serveur n’en connaît pas.',
      ),
    ),
  ),
  follow_url: v.optional(
    v.pipe(
      v.nullable(WebAddressSchema),
      v.description(
        'La page où le client suit sa réservation (/suivi), celle de l’e-mail de confirmation ; null quand le serveur ne connaît pas son adresse publique.',
      ),
    ),
  ),
});
export type CreateTravelResponse = v.InferOutput<typeof CreateTravelResponseSchema>;

/** The 200 answer to a PATCH (spec §7: 'Response: not shown', so the elements do not read it). */
export const UpdatedTravelSchema = v.object({
  id: BookingIdSchema,
  quote_id: v.pipe(v.string(), v.description('Le devis qui donne désormais son prix à la réservation.')),
});

/** A price a company set, line by line (the server's company-prices.ts PriceLine). */
export const PriceLineSchema = v.object({
  kind: v.pipe(
    v.picklist(['frais', 'transport_predefini', 'manutention_predefinie', 'manutention_imposee', 'option']),
    v.description(
      'Frais annexe (ou remise, négatif), transport ou manutention prédéfinis, prix de manutention imposé sur un objet, ou option du transporteur choisie (chiffrée par le serveur).',
    ),
  ),
  label: v.string(),
  amount_ht: v.pipe(v.number(), v.integer(), v.description('Centimes HT, tels que saisis par l’entreprise.')),
  amount: v.pipe(v.number(), v.integer(), v.description('Centimes TTC, à la TVA du transporteur.')),
});

const { company_token: _companyToken, ...storedEntries } = TravelPayloadSchema.entries;
/** A booking as GET answers it: the body as stored (its company token never), and what the server adds. */
export const BookingSchema = v.object({
  id: BookingIdSchema,
  created_at: v.pipe(v.string(), v.description('Création, ISO 8601 (UTC).')),
  updated_at: v.pipe(v.string(), v.description('Dernière modification, ISO 8601 (UTC).')),
  ...storedEntries,
  store_serialized: v.pipe(
    v.string(),
    v.description('L’état des éléments pour rouvrir la réservation, tel que le serveur l’a enregistré.'),
  ),
  travel: v.object({ ...TravelPayloadSchema.entries.travel.entries, travel_id: BookingIdSchema }),
  made_by_company: v.pipe(
    v.boolean(),
    v.description('Faite depuis la page d’une entreprise (avec son jeton) : ses prix sont ceux de l’entreprise.'),
  ),
  state: v.pipe(
    v.string(),
    v.description(
      'new, accepted, refused ou review : la réponse du transporteur. Acceptée, l’élément la rouvre avec l’avertissement de la spec et la seule grille choisie ; ' +
        'modifiée après son acceptation, elle revient au transporteur (review, à revoir) avec ce qui a changé.',
    ),
  ),
  refusal_reason: v.optional(
    v.pipe(v.string(), v.description('Le motif du refus donné au client (seulement pour une réservation refusée).')),
  ),
  price_source: v.pipe(
    v.picklist(['quote', 'company', 'pending', 'carrier', 'client']),
    v.description(
      'D’où vient le prix enregistré : quote, le devis du serveur (la grille du transporteur) ; company, des prix fixés par l’entreprise que le transporteur y autorise ' +
        '(prix fixé, frais prédéfinis, frais annexes : price_lines, la grille à côté dans price_check) ; pending, prix à fixer : la grille n’a pas donné de prix ' +
        '(son erreur ou un défaut), les prix valent 0 et le transporteur fixe le sien avant toute acceptation ; carrier, le prix fixé par le transporteur ; ' +
        'client, le navigateur (réservations antérieures aux devis).',
    ),
  ),
  price_check: v.optional(PriceCheckSchema),
  edits_close_at: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'À partir de quand la réservation ne se modifie plus en ligne (ISO 8601, UTC) : minuit en France, le nombre de jours avant le déménagement que fixe le transporteur. Un PATCH après est refusé (422).',
      ),
    ),
  ),
  price_lines: v.optional(
    v.pipe(
      v.array(PriceLineSchema),
      v.description('Les prix fixés par l’entreprise, ligne à ligne (frais annexes, frais prédéfinis, manutention imposée).'),
    ),
  ),
  carrier_key: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(100),
      v.description(
        'Faite sur la page publique d’un transporteur (sa clé) : la clé publique de ce transporteur aujourd’hui. Une page qui rouvre la réservation sans clé ni jeton la prend, pour la chiffrer et la présenter aux conditions de ce transporteur (ses tarifs, ses options, sa marque).',
      ),
    ),
  ),
  devis_signed: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        'Le client a signé (bon pour accord) le devis tel qu’il est : une modification qui le change annule cette signature, et les éléments le disent avant d’enregistrer.',
      ),
    ),
  ),
});
export type Booking = v.InferOutput<typeof BookingSchema>;

/**
 * A 409: the same booking is being saved (Idempotency-Key), or its price changed, with the new
 * quote for the visitor to confirm.
 */
export const PriceChangedSchema = v.object({ ...ErrorAnswerSchema.entries, quote: v.optional(QuoteSchema) });
