// What the booking routes (travels.ts) answer, as their contract publishes it.
import * as v from 'valibot';
import { ItemSchema, TravelPayloadSchema, type CreateTravelResponse, type PriceCheck } from 'transport-quote-wizard/domain';
import { answer, publishSchema, refusal } from '../http/route-schema.ts';
import { ErrorAnswerSchema } from '../http/validation.ts';
import { QuoteSchema } from './quote-answers.ts';

publishSchema('Item', ItemSchema, 'answer');

const BookingId = v.pipe(v.number(), v.integer(), v.minValue(1));

/** The 201 answer; the element reads its id and token (CreateTravelResponse). */
export const CreatedSchema = publishSchema(
  'CreatedTravel',
  v.object({
    id: BookingId,
    token: v.pipe(v.string(), v.description('Le jeton de la réservation, 256 bits aléatoires : à garder, il ouvre la réservation.')),
  }),
  'answer',
);
export const UpdatedSchema = v.object({
  id: BookingId,
  quote_id: v.pipe(v.string(), v.description('Le devis qui donne désormais son prix à la réservation.')),
});

/** The carrier's grid beside a price a company fixed (or beside a browser's price, for bookings made before quotes). */
const PriceCheckSchema = v.object({
  price_transportation: v.pipe(v.number(), v.integer(), v.description('Centimes TTC, selon la grille du transporteur.')),
  price_handling: v.pipe(v.number(), v.integer(), v.description('Centimes TTC, selon la grille du transporteur.')),
  matches: v.pipe(v.boolean(), v.description('Le prix enregistré est celui de la grille, au centime près.')),
  grid: v.pipe(v.picklist(['wizard', 'lite']), v.description('La grille de ces chiffres : celle de l’assistant ou de la variante légère.')),
});
/** A price a company set, line by line (company-prices.ts PriceLine). */
export const PriceLineSchema = v.object({
  kind: v.pipe(
    v.picklist(['frais', 'transport_predefini', 'manutention_predefinie', 'manutention_imposee']),
    v.description('Frais annexe (ou remise, négatif), transport ou manutention prédéfinis, ou prix de manutention imposé sur un objet.'),
  ),
  label: v.string(),
  amount_ht: v.pipe(v.number(), v.integer(), v.description('Centimes HT, tels que saisis par l’entreprise.')),
  amount: v.pipe(v.number(), v.integer(), v.description('Centimes TTC, à la TVA du transporteur.')),
});
const { company_token: _companyToken, ...storedEntries } = TravelPayloadSchema.entries;
/** A booking as GET answers it: the body as stored (its company token never), and what the server adds. */
export const BookingSchema = publishSchema(
  'Booking',
  v.object({
    id: BookingId,
    created_at: v.pipe(v.string(), v.description('Création, ISO 8601 (UTC).')),
    updated_at: v.pipe(v.string(), v.description('Dernière modification, ISO 8601 (UTC).')),
    ...storedEntries,
    travel: v.object({ ...TravelPayloadSchema.entries.travel.entries, travel_id: BookingId }),
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
    price_lines: v.optional(
      v.pipe(
        v.array(PriceLineSchema),
        v.description('Les prix fixés par l’entreprise, ligne à ligne (frais annexes, frais prédéfinis, manutention imposée).'),
      ),
    ),
  }),
  'answer',
);
export type Booking = v.InferOutput<typeof BookingSchema>;

// The answers the element reads are the ones documented: a change to either stops the build.
const _createdIsReadable: CreateTravelResponse = {} as v.InferOutput<typeof CreatedSchema>;
const _priceCheckIsDocumented: v.InferOutput<typeof PriceCheckSchema> = {} as PriceCheck;

export const BOOKING_BODY =
  'Le corps de la spec §7 (montants en centimes, distances en mètres, durées en secondes). Les dates sont en ISO 8601 ; ' +
  'store_serialized doit être un état lisible. Le serveur fixe lui-même le prix, l’itinéraire et la manutention : avec quote_id, ' +
  'ceux du devis s’il vaut encore et que les choix sont les mêmes ; sinon un nouveau devis, pris seulement s’il donne le prix envoyé ' +
  '(price_transportation, price_handling), sinon 409 avec le nouveau devis à faire confirmer. Des prix négatifs ou au-delà du plafond ' +
  'sont refusés en 422, comme tout choix hors limites et toute étape placée à plus de 50 km de son code postal (addresses.N.lat). Avec company_token, la réservation est celle de l’entreprise (jamais conservé ni renvoyé), ' +
  'aux tarifs de l’entreprise ; un prix fixé par l’entreprise (éditeur de prix, frais prédéfinis, frais annexes) n’est gardé que si le transporteur l’y autorise (can_edit_price), ' +
  'marqué (price_source company), la grille à côté (price_check) ; une remise ne passe pas 50 % du prix de la grille. Une grille qui ne donne pas de prix (son erreur, un défaut) ' +
  'n’est jamais un prix de 0 € : la réservation est enregistrée prix à fixer (price_source pending). Si le calcul d’une grille ne peut pas tourner (serveur saturé), 503 avec Retry-After, et rien n’est enregistré.';

/**
 * A 409: the same booking is being saved (Idempotency-Key), or its price changed, with the
 * new quote for the visitor to confirm.
 */
export const PRICE_CHANGED = answer(
  'Le prix a changé (devis expiré, autres choix, ou prix envoyé qui n’est pas celui du transporteur) : quote donne le nouveau devis, à faire ' +
    'confirmer avant de réenregistrer avec son quote_id. Ou la même réservation (même Idempotency-Key) est encore en cours d’enregistrement : réessayez.',
  publishSchema('PriceChanged', v.object({ ...ErrorAnswerSchema.entries, quote: v.optional(QuoteSchema) }), 'answer'),
);

export const TOO_LARGE = refusal('Corps trop volumineux.');
export const NOT_JSON = refusal('Le corps doit être du JSON (Content-Type: application/json).');
export const QUOTA = refusal('Quota de stockage atteint (celui de l’entreprise, ou celui des réservations publiques).');
export const INVALID = refusal('Corps refusé : JSON illisible, texte avec un caractère isolé, ou champs invalides (listés dans fields).');
export const IMPLAUSIBLE = refusal(
  'Chiffres impossibles ou choix refusés (listés dans fields), ou Idempotency-Key déjà servie pour un autre corps.',
);
