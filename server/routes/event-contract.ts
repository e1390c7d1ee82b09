// What a carrier's webhook receives (notifications/booking-events.ts), as the contract publishes
// it: OpenAPI 3.1's `webhooks`, the body's schema under components (BookingEvent). The tests check
// every event a receiver gets against it.
import * as v from 'valibot';
import { publishSchema } from '../http/route-schema.ts';
import { EVENT_TYPES } from '../notifications/booking-events.ts';
import { BookingSchema } from './travel-answers.ts';

const { store_serialized: _store, ...bookingEntries } = BookingSchema.entries;

const SmsContactSchema = v.object({
  name: v.string(),
  phone_number: v.pipe(v.string(), v.description('Tel que saisi (espaces retirés), à mettre au format de votre fournisseur de SMS.')),
  step: v.pipe(v.nullable(v.number()), v.description('Le numéro de l’étape où se trouve ce contact.')),
  address: v.nullable(v.string()),
  arrival_earliest: v.pipe(v.nullable(v.string()), v.description('Le début du créneau de l’étape, ISO 8601, s’il y en a un.')),
});

const CounterOfferSchema = v.object({
  beginning_date: v.pipe(v.string(), v.description('Le début proposé, ISO 8601 avec le décalage de Paris.')),
  ending_date: v.nullable(v.string()),
  price_transportation: v.pipe(v.nullable(v.number()), v.description('Centimes TTC ; null : le prix de la réservation reste.')),
  price_handling: v.nullable(v.number()),
  expires_at: v.pipe(v.string(), v.description('Jusqu’à quand le client peut l’accepter, ISO 8601 (UTC).')),
});

const DevisAcceptanceSchema = v.object({
  accepted_at: v.pipe(v.string(), v.description('Quand le client a donné son accord, ISO 8601 (UTC), selon l’horloge du serveur.')),
  signer_name: v.pipe(v.string(), v.description('Le nom que le client a saisi.')),
  devis_sha256: v.pipe(
    v.string(),
    v.description('L’empreinte SHA-256 (hexadécimal) du texte canonique du devis accepté : elle change dès que le devis change.'),
  ),
});

const DepositSchema = v.object({
  amount: v.pipe(v.number(), v.description('L’acompte, en centimes TTC.')),
  currency: v.literal('eur'),
  state: v.pipe(
    v.picklist(['paid', 'refund_pending', 'refunded']),
    v.description('paid : payé ; refund_pending : remboursement demandé à Stripe ; refunded : remboursé.'),
  ),
  paid_at: v.pipe(v.nullable(v.string()), v.description('Quand Stripe a confirmé le paiement, ISO 8601 (UTC).')),
  refunded_at: v.pipe(v.nullable(v.string()), v.description('Quand Stripe a remboursé l’acompte, ISO 8601 (UTC).')),
  duplicate: v.pipe(
    v.optional(v.literal(true)),
    v.description(
      'Présent (true) seulement sur un paiement en double remboursé aussitôt : payé sur une page de paiement remplacée ou expirée, ou alors que l’acompte était déjà payé. L’acompte de la réservation, lui, n’a pas changé.',
    ),
  ),
});

export const BookingEventSchema = publishSchema(
  'BookingEvent',
  v.object({
    id: v.pipe(
      v.string(),
      v.description('L’identifiant de l’événement : le même à chaque nouvel essai et à chaque renvoi (pour écarter un doublon).'),
    ),
    type: v.picklist(EVENT_TYPES),
    created_at: v.pipe(v.string(), v.description('Quand l’événement a eu lieu, ISO 8601 (UTC).')),
    data: v.object({
      booking: v.pipe(
        v.object(bookingEntries),
        v.description(
          'La réservation telle que GET /api/v1/travels/{id} la donne, sans l’état enregistré de l’élément, et jamais un jeton.',
        ),
      ),
      sms_contacts: v.pipe(
        v.array(SmsContactSchema),
        v.description('Les contacts des étapes qui ont demandé un SMS (spec : notify), pour le fournisseur de SMS du transporteur.'),
      ),
      counter_offer: v.pipe(
        v.optional(CounterOfferSchema),
        v.description(
          'Avec booking.counter_offered seulement : l’autre date (et l’autre prix) proposés au client, qu’il accepte par un lien.',
        ),
      ),
      devis_acceptance: v.pipe(
        v.optional(DevisAcceptanceSchema),
        v.description(
          'Avec booking.devis_accepted seulement : le « Bon pour accord » du client sur le devis (son nom, l’heure, l’empreinte du devis).',
        ),
      ),
      deposit: v.pipe(
        v.optional(DepositSchema),
        v.description(
          'Avec booking.deposit_paid et booking.deposit_refunded seulement : l’acompte payé en ligne (Stripe Checkout) ou remboursé.',
        ),
      ),
    }),
  }),
  'answer',
);

const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });

/** The document's `webhooks`: the one request the server sends to a carrier's endpoints. */
export const WEBHOOKS = {
  evenementReservation: {
    post: {
      operationId: 'recevoirEvenementReservation',
      tags: ['Webhooks'],
      summary: 'Recevoir un événement de réservation',
      description:
        'Envoyé à chaque point de réception enregistré dans l’espace transporteur, pour chaque réservation créée, modifiée, acceptée ou refusée, pour chaque autre date proposée au client (booking.counter_offered), pour chaque devis accepté par le client (booking.devis_accepted, « Bon pour accord »), et pour chaque acompte payé ou remboursé (booking.deposit_paid, booking.deposit_refunded). ' +
        'Une réponse 2xx le livre ; toute autre réponse (ou aucune dans le délai) le fait réessayer, avec des délais croissants, pendant 24 h. ' +
        'Au moins une fois, sans ordre garanti : écartez un doublon par son id.',
      security: [],
      parameters: [
        header('x-tqw-event-id', 'L’identifiant de l’événement (celui du corps).'),
        header('x-tqw-event-type', 'Son type (celui du corps).'),
        header('x-tqw-timestamp', 'L’instant de l’envoi, en secondes Unix : refusez un envoi trop ancien (un rejeu).'),
        header(
          'x-tqw-signature',
          'v1= suivi du HMAC-SHA256, en hexadécimal, de « horodatage.corps brut » avec le secret du point de réception (affiché dans l’espace transporteur).',
        ),
      ],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/BookingEvent' } } } },
      responses: {
        '200': { description: 'Reçu : l’événement est livré (toute réponse 2xx).' },
        '401': { description: 'Signature fausse ou trop ancienne : le serveur réessaiera, en vain tant que le secret diffère.' },
      },
    },
  },
};
