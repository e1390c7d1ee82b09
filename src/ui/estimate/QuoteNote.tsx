import { useAtomValue } from 'jotai';
import { NBSP } from '../../domain/format.ts';
import { guaranteeText } from '../../domain/quotes/guarantee.ts';
import { quoteDiffersAtom, totalAtom } from '../../state/estimate.atoms.ts';
import { useNow } from '../../state/now.ts';
import { currentQuoteAtom, quoteErrorAtom } from '../../state/quote.atoms.ts';
import { Icon } from '../controls/icons.tsx';

/**
 * What the price shown is: the carrier's quote, guaranteed until a time ('Prix garanti
 * jusqu’à 15 h 30'), and when it is not the estimate shown a moment before, a line saying the
 * carrier's is the one that counts. While the quote is on its way the estimate shows alone;
 * when the server could not quote, its reason, since the price may change when saving. No
 * guarantee beside a price to set: there is no price to guarantee.
 */
export function QuoteNote() {
  const quote = useAtomValue(currentQuoteAtom);
  const differs = useAtomValue(quoteDiffersAtom);
  const error = useAtomValue(quoteErrorAtom);
  // A price the carrier sets later is no price to guarantee (spec §8: 'Le prix sera fixé ultérieurement !').
  const noPrice = useAtomValue(totalAtom) <= 0;
  const now = useNow();
  const guarantee = quote && !noPrice ? guaranteeText(quote.deadline, now) : null;
  if (error) return <p className="quote-note muted">Prix à confirmer par le transporteur à l’enregistrement. {error}</p>;
  if (!guarantee) return null;
  return (
    <p className="quote-note" role="status">
      <Icon name="check-circle" />
      <span>
        {guarantee}.{differs && <> Le transporteur a recalculé l’estimation{NBSP}: c’est ce prix qui compte.</>}
        {quote?.route_fallback && (
          <> Le transporteur n’a pas pu calculer l’itinéraire par la route{NBSP}: son prix compte la distance à vol d’oiseau.</>
        )}
      </span>
    </p>
  );
}
