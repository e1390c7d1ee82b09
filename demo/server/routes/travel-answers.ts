// What the booking routes (travels.ts) answer, as their contract publishes it.
import * as v from 'valibot';
import { ItemSchema, TravelPayloadSchema, type CreateTravelResponse, type PriceCheck } from '../../../src/domain/index.ts';
import { publishSchema, refusal } from '../http/route-schema.ts';

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
export const UpdatedSchema = v.object({ id: BookingId });

/** The server's own figures for a public booking, beside the ones the browser sent. */
const PriceCheckSchema = v.object({
  price_transportation: v.pipe(v.number(), v.integer(), v.description('Centimes TTC, recalculés par le serveur.')),
  price_handling: v.pipe(v.number(), v.integer(), v.description('Centimes TTC, recalculés par le serveur.')),
  matches: v.pipe(v.boolean(), v.description('Les prix envoyés sont ceux d’une grille, au centime près.')),
  grid: v.pipe(v.picklist(['wizard', 'lite']), v.description('La grille de ces chiffres : celle de l’assistant ou de la variante légère.')),
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
    price_check: v.optional(PriceCheckSchema),
  }),
  'answer',
);
export type Booking = v.InferOutput<typeof BookingSchema>;

// The answers the element reads are the ones documented: a change to either stops the build.
const _createdIsReadable: CreateTravelResponse = {} as v.InferOutput<typeof CreatedSchema>;
const _priceCheckIsDocumented: v.InferOutput<typeof PriceCheckSchema> = {} as PriceCheck;

export const BOOKING_BODY =
  'Le corps de la spec §7 (montants en centimes, distances en mètres, durées en secondes). Les dates sont en ISO 8601 ; ' +
  'store_serialized doit être un état lisible ; les chiffres impossibles (prix négatifs ou au-delà du plafond, HT qui n’est pas TTC / 1,2, ' +
  'distance plus courte que la ligne droite) sont refusés en 422. Avec company_token, la réservation est celle de l’entreprise ' +
  '(jamais conservé ni renvoyé) ; sans, le prix est recalculé par le serveur et tout écart est signalé au transporteur (price_check).';

export const TOO_LARGE = refusal('Corps trop volumineux.');
export const NOT_JSON = refusal('Le corps doit être du JSON (Content-Type: application/json).');
export const QUOTA = refusal('Quota de stockage atteint (celui de l’entreprise, ou celui des réservations publiques).');
export const INVALID = refusal('Corps refusé : JSON illisible, texte avec un caractère isolé, ou champs invalides (listés dans fields).');
export const IMPLAUSIBLE = refusal('Chiffres impossibles (listés dans fields), ou Idempotency-Key déjà servie pour un autre corps.');
