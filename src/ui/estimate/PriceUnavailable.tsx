import { MESSAGES } from '../../domain/messages.ts';
import { NBSP } from '../../domain/format.ts';
import type { Estimate } from '../../domain/pricing/estimate.ts';

/** No price to give (spec §8): 'Prix non disponible' with the grid's error, or 'Le prix sera fixé ultérieurement !'. */
export function PriceUnavailable({ estimate }: { estimate: Pick<Estimate, 'poolError'> }) {
  if (!estimate.poolError) return <>{MESSAGES.priceLater}</>;
  return (
    <>
      {MESSAGES.priceUnavailable}
      {NBSP}: {estimate.poolError}
    </>
  );
}
