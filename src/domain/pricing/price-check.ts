import * as v from 'valibot';

/**
 * The server's own grid price kept beside a booking's stored price when the two may differ: a
 * price a company fixed with the price editor (its right, spec §6), or a booking stored before
 * quotes existed. The carrier sees both before accepting.
 */
export const PriceCheckSchema = v.object({
  price_transportation: v.pipe(v.number(), v.integer(), v.description('Centimes TTC, selon la grille du transporteur.')),
  price_handling: v.pipe(v.number(), v.integer(), v.description('Centimes TTC, selon la grille du transporteur.')),
  matches: v.pipe(v.boolean(), v.description('Le prix enregistré est celui de la grille, au centime près.')),
  grid: v.pipe(v.picklist(['wizard', 'lite']), v.description('La grille de ces chiffres : celle de l’assistant ou de la variante légère.')),
});
export type PriceCheck = v.InferOutput<typeof PriceCheckSchema>;
