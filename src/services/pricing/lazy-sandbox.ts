import { poolDefectMessage } from '../../domain/messages.ts';
import type { PricingSandbox } from './sandbox.ts';

export type { PricingSandbox } from './sandbox.ts';

/**
 * The sandbox as a session holds it: its code (and the worker it starts) comes with the first
 * pool that has code, which most carriers never write. A failed download prices that pool as a
 * defect, as a worker that cannot start does, and the next run asks again.
 */
export function lazyPricingSandbox(
  workerUrl: string,
  /** How its code comes: the chunk, unless a test stands in for the network. */
  load: () => Promise<typeof import('./sandbox.ts')> = () => import('./sandbox.ts'),
): PricingSandbox {
  let loading: Promise<PricingSandbox> | null = null;
  let disposed = false;
  const real = () =>
    (loading ??= load().then(
      ({ createPricingSandbox }) => createPricingSandbox(workerUrl),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return {
    async run(pool, input) {
      let sandbox: PricingSandbox;
      try {
        sandbox = await real();
      } catch {
        return { ok: false, message: poolDefectMessage(pool.name) };
      }
      if (disposed) return { ok: false, message: poolDefectMessage(pool.name) };
      return sandbox.run(pool, input);
    },
    dispose() {
      disposed = true;
      void loading?.then(
        (sandbox) => sandbox.dispose(),
        () => undefined,
      );
    },
  };
}
