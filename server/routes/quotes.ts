import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { DayQuotesRequestSchema, QuoteRequestSchema } from 'transport-quote-wizard/domain';
import { findQuote } from '../db/quotes-repo.ts';
import { declareRoute } from '../http/declare-route.ts';
import { answer, PUBLIC, PUBLIC_OR_CARRIER_KEY, refusal } from '../http/route-schema.ts';
import { HttpError } from '../http/validation.ts';
import { companyOf } from './company-of.ts';
import { DayQuotesSchema, QuoteSchema } from './quote-answers.ts';
import { INVALID, NOT_JSON, TOO_LARGE } from './travel-answers.ts';
import { KEY_AND_TOKEN_APART, KEY_REFUSED } from '../http/carrier-key.ts';

const QuoteParams = v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{10,64}$/), v.description('L’identifiant du devis.')) });

export const REFUSED_CHOICES = refusal(
  'Choix refusés, chacun nommé dans fields : hors des limites de la spec (50 adresses, étages de -1 à 12, 0 à 4 manutentionnaires, 0,5 à 8 heures), ' +
    'inconnus du transporteur (véhicule, grille), ou réservés aux clients professionnels (prix fixé, frais prédéfinis, frais annexes).',
);

/** POST /api/v1/quotes: the price the carrier commits to, until when, signed; GET to read one again by its id. */
/** The carrier's quote: issued, then read back by its id. */
export const quoteRoutes: FastifyPluginAsync = async (app) => {
  const { sql, quotes } = app;
  declareRoute(
    app,
    'POST',
    '/api/v1/quotes',
    {
      operationId: 'demanderDevis',
      tags: ['Devis'],
      summary: 'Demander un devis',
      description:
        'Les choix du visiteur (adresses, objets, véhicule, grille, manutention), jamais un prix : le serveur calcule le prix avec ses propres tarifs, ' +
        'le volume des objets du catalogue et son propre itinéraire, et s’engage jusqu’à expires_at. Les mêmes choix redemandés tant que le devis vaut ' +
        'rendent le même devis. Avec company_token, les tarifs de cette entreprise ; avec la clé d’un transporteur (X-Carrier-Key), ses tarifs pour ses pages publiques. ' +
        'Une grille dont le code répond une erreur (ou a un défaut) ne donne ' +
        'pas de prix : chiffres à 0 et pool_error (spec §8 « Prix non disponible »), et une réservation sur ce devis est enregistrée prix à fixer par le ' +
        'transporteur, jamais à 0 €. Une grille dont le code répond un montant négatif, ou au-delà du plafond du serveur une fois la TVA ajoutée, a un défaut. ' +
        'Si le code d’une grille ne peut pas tourner maintenant (serveur saturé), 503 avec Retry-After ; si le transporteur a épuisé son temps de ' +
        'calcul de grilles de la minute, 429 avec Retry-After ; des réglages du transporteur illisibles, 503 nommant le champ.',
      security: PUBLIC_OR_CARRIER_KEY,
      body: QuoteRequestSchema,
      answers: {
        201: answer('Le devis : ses chiffres, son échéance et sa signature.', QuoteSchema),
        400: INVALID,
        403: KEY_REFUSED,
        404: refusal('Entreprise inconnue (company_token).'),
        413: TOO_LARGE,
        415: NOT_JSON,
        422: REFUSED_CHOICES,
      },
    },
    async ({ body: { company_token: companyToken, ...choices } }, request, reply) => {
      const companyId = (await companyOf(sql, companyToken))?.id ?? null;
      // A carrier's public page (its key): priced on that carrier's records, as a visitor.
      const site = request.site;
      if (site && companyId !== null && site.id !== companyId) throw new HttpError(403, KEY_AND_TOKEN_APART);
      return reply.code(201).send(await quotes.issue(choices, companyId, companyId === null ? (site?.id ?? null) : null));
    },
  );

  declareRoute(
    app,
    'POST',
    '/api/v1/quotes/days',
    {
      operationId: 'demanderDevisParJour',
      tags: ['Devis'],
      summary: 'Chiffrer un trajet sur plusieurs jours',
      description:
        'Les mêmes choix qu’une demande de devis, sans date, chiffrés sur days jours consécutifs à partir de from (31 au plus) : ' +
        'chaque jour ouvert reçoit son propre devis signé (les coefficients du jour du tarif appliqués), à joindre à la réservation de ce jour. ' +
        'Un jour fermé par le tarif (closed) ou dont la capacité est prise par des réservations acceptées (full) n’a pas de devis : ' +
        'une réservation ce jour-là est refusée (422). cheapest nomme le jour ouvert le moins cher. Chaque jour demandé compte pour un devis ' +
        'dans la limite de devis par minute (429 au-delà) ; une demande dont le code de grille dépasse le temps de calcul permis à une demande ' +
        'répond 503 : demandez moins de jours.',
      security: PUBLIC_OR_CARRIER_KEY,
      body: DayQuotesRequestSchema,
      answers: {
        200: answer('Chaque jour, dans l’ordre, avec son devis ou pourquoi il ne se réserve pas.', DayQuotesSchema),
        400: INVALID,
        403: KEY_REFUSED,
        404: refusal('Entreprise inconnue (company_token).'),
        413: TOO_LARGE,
        415: NOT_JSON,
        422: REFUSED_CHOICES,
      },
    },
    async ({ body: { company_token: companyToken, ...choices } }, request) => {
      const companyId = (await companyOf(sql, companyToken))?.id ?? null;
      const site = request.site;
      if (site && companyId !== null && site.id !== companyId) throw new HttpError(403, KEY_AND_TOKEN_APART);
      return quotes.issueDays(choices, companyId, companyId === null ? (site?.id ?? null) : null);
    },
  );

  declareRoute(
    app,
    'GET',
    '/api/v1/quotes/:id',
    {
      operationId: 'lireDevis',
      tags: ['Devis'],
      summary: 'Relire un devis',
      description: 'Le devis tel qu’il a été signé : son identifiant est la seule clé (128 bits aléatoires).',
      security: PUBLIC,
      params: QuoteParams,
      answers: { 200: answer('Le devis.', QuoteSchema), 404: refusal('Devis introuvable.') },
      // An id of another shape names no quote: the same 404 as an unknown one.
      unknownParams: 'Devis introuvable',
    },
    async ({ params }) => {
      const quote = await findQuote(sql, params.id);
      if (!quote) throw new HttpError(404, 'Devis introuvable');
      return quotes.answer(quote, quote.figures, null);
    },
  );
};
