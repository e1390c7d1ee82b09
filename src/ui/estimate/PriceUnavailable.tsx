import { useAtomValue } from 'jotai';
import { MESSAGES } from '../../domain/messages.ts';
import { NBSP } from '../../domain/format.ts';
import { noPriceErrorAtom } from '../../state/estimate.atoms.ts';

/**
 * No price to give (spec §8): 'Prix non disponible' with the grid's error, or 'Le prix sera
 * fixé ultérieurement !'; the carrier's quote says which once it is in.
 */
export function PriceUnavailable() {
  const error = useAtomValue(noPriceErrorAtom);
  if (!error) return <>{MESSAGES.priceLater}</>;
  return (
    <>
      {MESSAGES.priceUnavailable}
      {NBSP}: {error}
    </>
  );
}
