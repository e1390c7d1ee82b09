import { useAtomValue } from 'jotai';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatPrice, NBSP } from '../../domain/format.ts';
import { FULL_DAY } from '../../domain/payload/day-quotes.ts';
import { cheapestDay, DAY_QUOTES_PAGE, type DayQuote } from '../../domain/payload/day-quotes.ts';
import { dayAfter, dayAndMonthInWords, shortDayInWords } from '../../domain/time/day-words.ts';
import { companyDataAtom, companyModeAtom, pricesAllowedAtom } from '../../state/company.atoms.ts';
import css from './day-prices.css';
import { useDayQuotes } from './use-day-quotes.ts';

let sheet: CSSStyleSheet | null = null;
/** The calendar's own sheet, adopted beside the shared one when it first shows: its rules come with its code. */
function adoptDaySheet(root: Node | null) {
  if (!(root instanceof ShadowRoot)) return;
  sheet ??= (() => {
    const created = new CSSStyleSheet();
    created.replaceSync(css);
    return created;
  })();
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

interface Shown {
  date: string;
  day: DayQuote | null;
}

/**
 * The day chosen by its price (issue 45): the next 14 days, and 14 more at each 'Voir les
 * jours suivants', each with the carrier's quote of the trip that day, closed and full days
 * said so, the cheapest marked. A listbox: the arrows move from day to day, Entrée or Espace
 * chooses; choosing a day moves every stop's date (spec §4). Closed and full days can be
 * reached (they are read out) but not chosen.
 */
export function DayPrices({
  today,
  chosen,
  lastDay,
  onChoose,
}: {
  /** Today in France, and the travel's day ('yyyy-MM-dd'). */
  today: string;
  chosen: string;
  /** The last day the date list offers: no page goes beyond it. */
  lastDay: string;
  /** Moves the travel, every stop with it (spec §4). */
  onChoose: (day: string) => void;
}) {
  const prices = useAtomValue(pricesAllowedAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const company = useAtomValue(companyDataAtom);
  const [pageCount, setPageCount] = useState(1);
  const { pages, withItems, retry } = useDayQuotes(today, pageCount);
  const root = useRef<HTMLDivElement>(null);
  const options = useRef<(HTMLDivElement | null)[]>([]);
  const [active, setActive] = useState<number | null>(null);

  useLayoutEffect(() => adoptDaySheet(root.current?.getRootNode() ?? null), []);

  const shown: Shown[] = pages.flatMap((page) =>
    Array.from({ length: DAY_QUOTES_PAGE }, (_, offset) => {
      const day = page.days?.[offset] ?? null;
      return { date: day?.date ?? dayAfter(page.from, offset), day };
    }),
  );
  const known = shown.flatMap((entry) => (entry.day ? [entry.day] : []));
  const cheapest = prices ? cheapestDay(known) : null;
  const loading = pages.some((page) => page.days === null && !page.failed);
  const failed = pages.some((page) => page.failed);
  const chosenIndex = shown.findIndex((entry) => entry.date === chosen);
  const tabStop = active ?? (chosenIndex >= 0 ? chosenIndex : 0);
  const chosenDay = chosenIndex >= 0 ? shown[chosenIndex]!.day : null;

  const amount = (day: DayQuote) => {
    const figures = day.quote?.figures;
    if (!figures || figures.pool_error !== null || figures.total <= 0) return null;
    // The quote's own figure, to the cent: HT for a company (spec §6), TTC for a visitor.
    return formatPrice((companyMode ? figures.total_ht : figures.total) / 100, company.currency_symbol);
  };
  const describe = (entry: Shown) => {
    const name = dayAndMonthInWords(entry.date);
    if (!entry.day) return `${name}, prix en cours de calcul`;
    if (entry.day.status === 'closed') return `${name}, fermé`;
    if (entry.day.status === 'full') return `${name}, complet`;
    if (entry.day.status === 'too_soon') return `${name}, trop tôt pour le transporteur`;
    if (!prices) return name;
    const price = amount(entry.day);
    if (price === null) return `${name}, prix non disponible`;
    return `${name}, ${price}${entry.date === cheapest ? ', le moins cher' : ''}`;
  };
  const pick = (entry: Shown) => {
    if (!entry.day || entry.day.status !== 'open') return;
    onChoose(entry.date);
  };
  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(shown.length - 1, index));
    setActive(target);
    options.current[target]?.focus();
    options.current[target]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = active ?? tabStop;
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: shown.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const entry = shown[at];
      if (entry) pick(entry);
    }
  };
  const lastShown = shown.at(-1)?.date ?? today;
  const more = lastDay > lastShown;
  const suffix = companyMode ? 'HT' : 'TTC';

  return (
    <div className="day-prices" ref={root}>
      <p className="day-prices-caption" id="day-prices-caption">
        {prices
          ? `Prix ${suffix} de ce trajet selon le jour${withItems ? '' : `, avant vos objets${NBSP}: ils s’y ajouteront`}`
          : 'Jours où le transporteur peut venir'}
      </p>
      <div
        className="day-list"
        role="listbox"
        aria-label="Jour du transport"
        aria-describedby="day-prices-caption"
        aria-orientation="horizontal"
        aria-busy={loading || undefined}
        tabIndex={-1}
      >
        {shown.map((entry, index) => {
          const status = entry.day?.status;
          const price = entry.day && status === 'open' && prices ? amount(entry.day) : null;
          return (
            <div
              key={entry.date}
              ref={(node) => {
                options.current[index] = node;
              }}
              className="day"
              role="option"
              id={`day-${entry.date}`}
              aria-selected={entry.date === chosen}
              aria-disabled={(status !== undefined && status !== 'open') || undefined}
              tabIndex={index === tabStop ? 0 : -1}
              onFocus={() => setActive(index)}
              onKeyDown={onKeyDown}
              onClick={() => {
                setActive(index);
                pick(entry);
              }}
            >
              {/* Read out whole ('mardi 1er décembre, 1 190 €, le moins cher'); the card shows it short. */}
              <span className="visually-hidden">{describe(entry)}</span>
              <span className="day-name" aria-hidden="true">
                {shortDayInWords(entry.date)}
              </span>
              <span className={price ? 'day-price' : 'day-closed'} aria-hidden="true">
                {!entry.day
                  ? '…'
                  : status === 'closed'
                    ? 'Fermé'
                    : status === 'full'
                      ? 'Complet'
                      : status === 'too_soon'
                        ? 'Trop tôt'
                        : (price ?? (prices ? 'Prix non disponible' : ''))}
              </span>
              {entry.date === cheapest && (
                <span className="day-badge" aria-hidden="true">
                  Le moins cher
                </span>
              )}
            </div>
          );
        })}
      </div>
      {/* A closed or too early day is said by the date field above (its rules are the page's own); a full day only the server knows. */}
      {chosenDay?.status === 'full' && (
        <p className="day-warning" role="status">
          {FULL_DAY}
        </p>
      )}
      {failed && (
        <p className="day-warning" role="status">
          Les prix de certains jours n’ont pas pu être chargés.{' '}
          <button type="button" className="link" onClick={retry}>
            Réessayer
          </button>
        </p>
      )}
      {more && (
        <button type="button" className="link day-more" onClick={() => setPageCount((count) => count + 1)}>
          Voir 14 jours de plus
        </button>
      )}
    </div>
  );
}
