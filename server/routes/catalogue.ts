import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { findCompanyByToken } from '../db/companies-repo.ts';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, ownItems, type CatalogueItem } from '../db/items-repo.ts';
import { answer, publishSchema, PUBLIC_OR_COMPANY_TOKEN, refusal, routeSchema } from '../http/route-schema.ts';
import { bearerToken, HttpError, parseOr400, queryInteger, QueryText } from '../http/validation.ts';

const SearchQuery = v.object({
  q: v.optional(
    v.pipe(QueryText, v.description('Ce que l’on cherche : « 5 tables » cherche « tables » ; casse, accents et pluriels ignorés.')),
    '',
  ),
  c: v.optional(queryInteger('Numéro de l’entreprise : ses propres objets d’abord. Demande son jeton (Authorization: Bearer).')),
  limit: v.optional(queryInteger(`Nombre de résultats : ${DEFAULT_SEARCH_LIMIT} par défaut, ${MAX_SEARCH_LIMIT} au plus.`)),
});

const nonNegative = v.pipe(v.number(), v.minValue(0));
/** A catalogue item as the search sends it (items-repo.ts writes it once per item, at start). */
const CatalogueItemSchema = publishSchema(
  'CatalogueItem',
  v.object({
    id: v.pipe(v.number(), v.integer()),
    company_id: v.pipe(
      v.nullable(v.pipe(v.number(), v.integer())),
      v.description('L’entreprise dont c’est l’objet ; null : le catalogue commun.'),
    ),
    name: v.string(),
    family: v.pipe(v.string(), v.description('La famille de l’objet (salon, cuisine, cartons…).')),
    category: v.literal('item'),
    volume: v.pipe(nonNegative, v.description('Volume des déménageurs (m³), protection comprise : ce que le camion doit contenir.')),
    weight: v.pipe(nonNegative, v.description('kg.')),
    dimensions_cm: v.pipe(
      v.object({ length: nonNegative, width: nonNegative, height: nonNegative }),
      v.description(
        'Dimensions hors tout (cm), pour information : pas envoyées en length/width/height, dont la spec tirerait un volume sans protection.',
      ),
    ),
    time_factor: v.pipe(nonNegative, v.description('Heures de manutention par unité, de plain-pied.')),
    persons_needed: v.pipe(v.number(), v.integer(), v.minValue(1)),
    elevator: v.pipe(v.boolean(), v.description('Tient dans un ascenseur.')),
    minimal_truck_capacity: v.pipe(nonNegative, v.description('Le plus petit camion (m³) qu’il demande.')),
  }),
  'answer',
);
// The catalogue writes what is documented, and the documentation says what it writes.
const _documented: v.InferOutput<typeof CatalogueItemSchema> = {} as CatalogueItem;
const _written: CatalogueItem = {} as v.InferOutput<typeof CatalogueItemSchema>;

/** The item search (spec §7), on the shared catalogue and a company's own items. */
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  const { sql, catalogue } = app;
  const schema = routeSchema({
    operationId: 'chercherObjets',
    tags: ['Catalogue'],
    summary: 'Chercher dans le catalogue',
    description:
      'Les objets dont chaque mot commence un mot du nom : les mots entiers d’abord, puis l’objet générique nommé par le mot, ' +
      'puis les noms qui commencent par la recherche (spec §7). Une recherche vide ne trouve rien. ' +
      'Avec le jeton d’une entreprise (c) ou la clé publique d’un transporteur (X-Carrier-Key), ses propres objets aussi, en premier.',
    security: PUBLIC_OR_COMPANY_TOKEN,
    querystring: SearchQuery,
    answers: {
      200: answer('Les objets trouvés.', v.array(CatalogueItemSchema)),
      400: refusal('Paramètres invalides (listés dans fields).'),
      403: refusal('Le catalogue d’une entreprise (c) demande son jeton.'),
    },
  });
  /** Spec §7: an array of items; '5 tables' searches 'tables'. */
  app.get('/api/v1/items/search', { schema }, async (request, reply) => {
    const query = parseOr400(SearchQuery, request.query);
    // Whose own objects join the shared catalogue: the company its token opens, or the carrier a page's key names.
    let companyId: number | null = request.site?.id ?? null;
    if (query.c !== undefined) {
      // A company's own items are private: `c` is honoured only with that company's token.
      const token = bearerToken(request.headers);
      const company = token ? await findCompanyByToken(sql, token) : null;
      if (!company || company.id !== query.c)
        throw new HttpError(403, 'Le catalogue d’une entreprise demande son jeton (en-tête Authorization: Bearer).');
      companyId = company.id;
    }
    return reply
      .type('application/json; charset=utf-8')
      .send(catalogue.searchJson(query.q, companyId === null ? null : await ownItems(sql, companyId), query.limit ?? DEFAULT_SEARCH_LIMIT));
  });
};
