// What the booking routes (travels.ts) answer, as their contract publishes it: the domain's own
// schemas of these answers, the ones the elements read them with.
import {
  BookingSchema as DomainBookingSchema,
  CreateTravelResponseSchema,
  ItemSchema,
  PriceChangedSchema,
  UpdatedTravelSchema,
} from 'transport-quote-wizard/domain';
import { answer, publishSchema, refusal } from '../http/route-schema.ts';
// Publishes 'Quote', which PriceChanged refers to.
import './quote-answers.ts';

publishSchema('Item', ItemSchema, 'answer');

/** The 201 answer; the element reads its id and token. */
export const CreatedSchema = publishSchema('CreatedTravel', CreateTravelResponseSchema, 'answer');
export const UpdatedSchema = UpdatedTravelSchema;
/** A booking as GET answers it: the body as stored (its company token never), and what the server adds. */
export const BookingSchema = publishSchema('Booking', DomainBookingSchema, 'answer');
export type { Booking } from 'transport-quote-wizard/domain';

export const BOOKING_BODY =
  'Le corps de la spec §7 (montants en centimes, distances en mètres, durées en secondes). Les dates sont en ISO 8601 ; ' +
  'store_serialized est facultatif (les éléments y mettent leur état ; sans lui, le serveur le construit à partir du corps). ' +
  'Content-Type: application/json, sinon 415. Le serveur fixe lui-même le prix et l’itinéraire. La manutention réservée est celle du corps\u00a0: ' +
  'persons_needed et duration_handling sont le choix du client (0 à 4 manutentionnaires, 0,5 à 8 h), gardés tels quels et chiffrés aux tarifs du transporteur, ' +
  'même quand un étage ou un objet change\u00a0; les éléments y mettent ce que le devis estime quand le client n’a rien choisi. Avec duration_handling à 0, ' +
  'le serveur estime lui-même les heures\u00a0; le transporteur voit son estimation à côté de la manutention réservée. Avec quote_id, ' +
  'le prix du devis s’il vaut encore et que les choix sont les mêmes\u00a0; sinon un nouveau devis, pris seulement s’il donne le prix envoyé ' +
  '(price_transportation, price_handling), sinon 409 avec le nouveau devis à faire confirmer. Des prix négatifs ou au-delà du plafond ' +
  'sont refusés en 422, comme tout choix hors limites et toute étape placée loin de l’adresse écrite (addresses.N.lat : de son code postal, ou sans code postal de sa commune ; le rayon suit la précision de l’index des communes, 10 km dans un arrondissement de Paris, Lyon ou Marseille). Avec company_token, la réservation est celle de l’entreprise (jamais conservé ni renvoyé), ' +
  'aux tarifs de l’entreprise ; un prix fixé par l’entreprise (éditeur de prix, frais prédéfinis, frais annexes) n’est gardé que si le transporteur l’y autorise (can_edit_price), ' +
  'marqué (price_source company), la grille à côté (price_check) ; une remise ne passe pas 50 % du prix de la grille. Une grille qui ne donne pas de prix (son erreur, un défaut, un total de 0 €) ' +
  'n’est jamais un prix de 0 € : la réservation est enregistrée prix à fixer (price_source pending). Si le calcul d’une grille ne peut pas tourner (serveur saturé), 503 avec Retry-After, et rien n’est enregistré.';

/**
 * A 409: the same booking is being saved (Idempotency-Key), or its price changed, with the
 * new quote for the visitor to confirm.
 */
export const PRICE_CHANGED = answer(
  'Le prix a changé (devis expiré, autres choix, ou prix envoyé qui n’est pas celui du transporteur) : quote donne le nouveau devis, à faire ' +
    'confirmer avant de réenregistrer avec son quote_id. Ou la même réservation (même Idempotency-Key) est encore en cours d’enregistrement : ' +
    'sans quote, avec Retry-After (les secondes avant de réessayer avec la même clé ; une requête interrompue par un arrêt brutal est reprise au bout de 30 s).',
  publishSchema('PriceChanged', PriceChangedSchema, 'answer'),
  {
    'retry-after': {
      type: 'string',
      description: 'Seulement quand la même réservation est encore en cours : secondes à attendre avant de réessayer.',
    },
  },
);

export const TOO_LARGE = refusal('Corps trop volumineux.');
export const NOT_JSON = refusal('Le corps doit être du JSON (Content-Type: application/json).');
export const QUOTA = refusal('Quota de stockage atteint (celui de l’entreprise, ou celui des réservations publiques).');
export const INVALID = refusal('Corps refusé : JSON illisible, texte avec un caractère isolé, ou champs invalides (listés dans fields).');
export const IMPLAUSIBLE = refusal(
  'Chiffres impossibles ou choix refusés (listés dans fields), ou Idempotency-Key déjà servie pour un autre corps.',
);
