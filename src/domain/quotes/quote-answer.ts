import * as v from 'valibot';
import type { QuoteFigures } from './price-quote.ts';
import { OPTION_KINDS } from '../options/carrier-options.ts';

const cents = (what: string) => v.pipe(v.number(), v.integer(), v.description(`${what}, en centimes.`));
const Id = v.union([v.string(), v.number()]);

/** The figures a quote commits to (QuoteFigures), as the API answers them and the elements read them. */
export const QuoteFiguresSchema = v.object({
  grid: v.pipe(v.picklist(['wizard', 'lite']), v.description('La grille : celle de l’assistant, ou de la variante légère.')),
  source: v.pipe(
    v.picklist(['public', 'pool', 'predefined', 'fixed']),
    v.description('D’où vient le prix : la grille publique, le code d’une grille, des frais prédéfinis, ou un prix fixé par l’entreprise.'),
  ),
  vat: v.pipe(v.number(), v.description('Le taux de TVA du transporteur (0,2).')),
  price_transportation: cents('Transport TTC'),
  price_handling: cents('Manutention TTC'),
  price_transportation_ht: cents('Transport HT (TTC / (1 + TVA))'),
  price_handling_ht: cents('Manutention HT'),
  additional_costs: cents('Frais annexes TTC (entreprises)'),
  total: cents('Total TTC'),
  total_ht: cents('Total HT'),
  distance: v.pipe(v.number(), v.minValue(0), v.description('Trajet du client, en mètres (non arrondi), calculé par le serveur.')),
  duration: v.pipe(v.number(), v.minValue(0), v.description('Trajet du client, en secondes (non arrondi).')),
  driver_distance: v.pipe(v.number(), v.minValue(0), v.description('Trajet du chauffeur (retour compris), en mètres.')),
  driver_duration: v.pipe(v.number(), v.minValue(0), v.description('Trajet du chauffeur, en secondes.')),
  approximate: v.pipe(v.boolean(), v.description('Itinéraire estimé à vol d’oiseau (spec §9) : aucun service routier n’a répondu.')),
  volume: v.pipe(v.number(), v.description('Volume que le prix compte, en m³ entiers (spec §9).')),
  shown_volume: v.optional(
    v.pipe(
      v.number(),
      v.description(
        'Le même chargement au dixième de m³, tel que la page et le devis l’affichent (volumes du catalogue pour ses objets, ceux du visiteur pour les siens).',
      ),
    ),
  ),
  truck_capacity: v.pipe(v.number(), v.description('Capacité du véhicule retenu, en m³.')),
  vehicle: v.nullable(v.object({ id: Id, name: v.string(), capacity: v.number() })),
  vehicle_count: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(2),
      v.description('Véhicules (ou voyages) de ce type que le chargement demande, quand il dépasse le plus grand ; absent pour un seul.'),
    ),
  ),
  persons_needed: v.pipe(v.number(), v.integer(), v.description('Manutentionnaires.')),
  handling_hours: v.pipe(v.number(), v.description('Heures de manutention.')),
  driver_pool_id: v.nullable(Id),
  pool_error: v.nullable(v.string()),
  pool_info: v.nullable(v.string()),
  options: v.optional(
    v.pipe(
      v.array(
        v.object({
          id: v.string(),
          label: v.string(),
          kind: v.picklist(OPTION_KINDS),
          quantity: v.number(),
          declared_value: v.nullable(v.number()),
          amount_ht: cents('Option HT'),
          amount: cents('Option TTC'),
        }),
      ),
      v.description('Les options du transporteur choisies, chiffrées par le serveur et comprises dans le total ; absent sans option.'),
    ),
  ),
});

/** A quote as the API answers it: the figures, until when they hold, and the server's signature over them. */
export const QuoteSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(100), v.description('L’identifiant du devis, à joindre à la réservation (quote_id).')),
  expires_at: v.pipe(v.string(), v.maxLength(40), v.description('Jusqu’à quand le prix tient, ISO 8601 (UTC).')),
  signature: v.pipe(
    v.string(),
    v.maxLength(200),
    v.description(
      'HMAC-SHA256 (base64url), avec la clé du serveur (QUOTE_SIGNING_KEY), de : id, propriétaire (public ou numéro d’entreprise), empreinte des choix, expires_at et figures (JSON), séparés par des retours à la ligne.',
    ),
  ),
  figures: QuoteFiguresSchema,
  valid_for_seconds: v.pipe(
    v.number(),
    v.minValue(0),
    v.description(
      'Combien de secondes le prix tient encore, au moment de la réponse : un navigateur dont l’horloge n’est pas celle du serveur compte l’échéance sur la sienne.',
    ),
  ),
  price_to_set: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        'true quand le devis ne donne pas de prix : le transporteur le fixera (le total vaut 0, par exemple un tarif à 0 €, ou la grille a répondu une erreur, pool_error). ' +
          'La page affiche alors « Le prix sera fixé ultérieurement ! » (ou « Prix non disponible » avec pool_error), jamais un prix garanti, et une réservation sur ce devis est enregistrée prix à fixer (price_source pending).',
      ),
    ),
    false,
  ),
  route_fallback: v.optional(
    v.nullable(
      v.pipe(v.string(), v.description('Pourquoi l’itinéraire a été estimé à vol d’oiseau, quand un service routier n’a pas répondu.')),
    ),
  ),
});
export type Quote = v.InferOutput<typeof QuoteSchema>;

// The figures the server computes are the ones its answer publishes and the elements read.
const _figuresAreDocumented: v.InferOutput<typeof QuoteFiguresSchema> = {} as QuoteFigures;
