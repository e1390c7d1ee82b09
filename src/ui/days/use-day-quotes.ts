import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { stableAtom } from '../../state/stable-atom.ts';
import { DAY_QUOTES_PAGE, type DayQuote, type DayQuotesRequest } from '../../domain/payload/day-quotes.ts';
import { quoteRequestFor } from '../../domain/quotes/booking-choices.ts';
import { sameData } from '../../domain/same-data.ts';
import { dayAfter } from '../../domain/time/day-words.ts';
import { configAtom } from '../../state/config.atoms.ts';
import { itemsAtom } from '../../state/items.atoms.ts';
import { poolIdAtom } from '../../state/pools.atoms.ts';
import { fixedPriceAtom, handlingChoiceAtom, vehicleCategoryIdAtom } from '../../state/price-choices.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { validStepsAtom } from '../../state/steps.atoms.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { variantAtom } from '../../state/variant.atoms.ts';

/** A quote is asked once the visitor stops changing the choices for a moment (as the engine does). */
const SETTLE_MS = 300;

type Choices = Omit<DayQuotesRequest, 'from' | 'days'>;

/** The trip's choices as a range of days prices them: the items once their step is valid, none before (the trip alone). */
const dayChoicesAtom = stableAtom<{ choices: Choices; withItems: boolean } | null>(
  (get) => {
    const withItems = Boolean(get(validStepsAtom)[1]);
    const handling = get(handlingChoiceAtom);
    const { date: _date, ...choices } = quoteRequestFor({
      grid: get(variantAtom),
      stops: get(stopsAtom),
      items: withItems ? get(itemsAtom) : [],
      vehicleCategoryId: get(vehicleCategoryIdAtom),
      poolId: get(poolIdAtom),
      persons: handling.persons,
      hours: handling.hours,
      // Each day is the quote's own.
      customerDate: '',
      fixedPrice: get(fixedPriceAtom),
      companyToken: get(configAtom).companyToken ?? null,
    });
    return { choices, withItems };
  },
  (a, b) => a !== null && b !== null && sameData(a, b),
  null,
);

export interface DayPage {
  from: string;
  days: DayQuote[] | null;
  failed: boolean;
}

/**
 * The trip priced day by day from `today`, in pages of 14 days: each page one request, whose
 * answer gives every day its own quote or says it closed or full. Choices that change ask
 * every page again; a page that failed is asked again by `retry`.
 */
export function useDayQuotes(today: string, pageCount: number) {
  const services = useAtomValue(servicesAtom);
  const { choices, withItems } = useAtomValue(dayChoicesAtom)!;
  const [answers, setAnswers] = useState<{ choices: Choices; today: string; pages: Map<string, DayQuote[] | 'failed'> }>({
    choices,
    today,
    pages: new Map(),
  });
  const [attempt, setAttempt] = useState(0);
  const current = answers.choices === choices && answers.today === today ? answers.pages : null;
  const froms = useMemo(() => Array.from({ length: pageCount }, (_, page) => dayAfter(today, page * DAY_QUOTES_PAGE)), [today, pageCount]);

  useEffect(() => {
    if (!services) return;
    const missing = froms.filter((from) => {
      const page = current?.get(from);
      return page === undefined || page === 'failed';
    });
    if (missing.length === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      for (const from of missing) {
        services.api.requestDayQuotes({ ...choices, from, days: DAY_QUOTES_PAGE }, controller.signal).then(
          (answer) => {
            if (controller.signal.aborted) return;
            setAnswers((before) => {
              const same = before.choices === choices && before.today === today;
              const pages = new Map(same ? before.pages : []);
              pages.set(from, answer.days);
              return { choices, today, pages };
            });
          },
          () => {
            if (controller.signal.aborted) return;
            setAnswers((before) => {
              const same = before.choices === choices && before.today === today;
              const pages = new Map(same ? before.pages : []);
              pages.set(from, 'failed');
              return { choices, today, pages };
            });
          },
        );
      }
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `current` follows the answers: asking again once an answer came would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [services, choices, today, froms, attempt]);

  const pages: DayPage[] = froms.map((from) => {
    const page = current?.get(from);
    return { from, days: page === undefined || page === 'failed' ? null : page, failed: page === 'failed' };
  });
  return { pages, withItems, retry: () => setAttempt((n) => n + 1) };
}
