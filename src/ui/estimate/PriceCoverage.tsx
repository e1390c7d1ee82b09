import { useAtomValue } from 'jotai';
import type { Estimate } from '../../domain/pricing/estimate.ts';
import { priceCoverage, priceDependsOn } from '../../domain/pricing/price-words.ts';
import { itemsAtom } from '../../state/items.atoms.ts';
import { variantAtom } from '../../state/variant.atoms.ts';
import { isLoadItem } from '../../domain/entities/item.ts';

/** One sentence under the figures: what the total pays for, and why the load did or did not change it. */
export function PriceCoverage({ estimate }: { estimate: Estimate }) {
  const lite = useAtomValue(variantAtom) === 'lite';
  const hasLoad = useAtomValue(itemsAtom).some(isLoadItem);
  const fixed = estimate.source === 'fixed' || estimate.source === 'predefined';
  return (
    <>
      <p className="price-coverage muted">{priceCoverage(estimate, lite, hasLoad)}</p>
      {!fixed && <p className="price-depends muted">{priceDependsOn(lite)}</p>}
    </>
  );
}
