import { atom } from 'jotai';
import type { DriverPool } from '../domain/entities/driver-pool.ts';
import { poolComputesPrice } from '../domain/entities/driver-pool.ts';
import type { PoolPriceInput, PoolPriceOutput } from '../domain/pools/pool-io.ts';
import { sameData } from '../domain/same-data.ts';
import { companyDataAtom } from './company.atoms.ts';
import { customerDateAtom } from './customer.atoms.ts';
import { pricingCodeAtom } from './pricing-chunk.ts';
import { publicEstimateAtom } from './public-estimate.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { selectedPoolAtom } from './pools.atoms.ts';
import { stableAtom } from './stable-atom.ts';
import { stopsAtom } from './stops.atoms.ts';

/** What a pool's pricing code is run with: the pool and its input (spec §4, pool-io.ts). */
export interface PoolJob {
  pool: DriverPool;
  input: PoolPriceInput;
}

/** The code's answer, or the spec's defect message when it failed (spec §5). */
export interface PoolAnswer {
  job: PoolJob | null;
  output: PoolPriceOutput | null;
  defect: string | null;
}

export const NO_ANSWER: PoolAnswer = { job: null, output: null, defect: null };

/**
 * The selected pool's job, or null for a pool without code (or before the route is known):
 * the public estimate, computed once for the screens and the grid's code alike. The same
 * object while its input is unchanged, so the code runs only when a priced input changes
 * (spec §4 "skipped if nothing changed"), not on every note typed. The engine runs it.
 */
export const poolJobAtom = stableAtom<PoolJob | null>(
  (get) => {
    const pool = get(selectedPoolAtom);
    const base = pool && poolComputesPrice(pool) ? get(publicEstimateAtom) : null;
    const pricing = get(pricingCodeAtom);
    if (!pool || !base || !pricing) return null;
    const vat = get(companyDataAtom).vat;
    return {
      pool,
      input: pricing.poolPriceInput(base, get(stopsAtom), get(itemsAtom), vat, get(customerDateAtom)),
    };
  },
  (a, b) => a === b || (a !== null && b !== null && a.pool === b.pool && sameData(a.input, b.input)),
  null,
);

const answerBase = atom<PoolAnswer>(NO_ANSWER);
/** The latest answer; while a newer one is on its way the last one stands, as the price shown until then. */
export const poolAnswerAtom = atom((get) => get(answerBase));
/** The engine's: the answer to a job, delivered only while that job is still the travel's. */
export const answerPoolAtom = atom(null, (_get, set, answer: PoolAnswer) => set(answerBase, answer));
