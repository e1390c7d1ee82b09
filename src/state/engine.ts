import { AddressLimitError, canRoute, poolComputesPrice, withoutVat, type PoolPriceInput } from '../domain/index.ts';
import { computeRoute } from '../services/maps/routing.ts';
import { dismissBannerAtom, showBannerAtom } from './banner.atoms.ts';
import { companyDataAtom } from './company.atoms.ts';
import { customerAtom } from './customer.atoms.ts';
import { poolOutputAtom, publicEstimateAtom, routeAtom, routeAttemptAtom, routeStatusAtom } from './fees.atoms.ts';
import { selectedPoolAtom } from './pools.atoms.ts';
import { travelIdentityAtom } from './identity.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import type { Services } from './services.atoms.ts';
import { stopsAtom } from './stops.atoms.ts';
import { subscribe, type QuoteStore } from './store.ts';

/**
 * The asynchronous half of fee recomputation (spec §4): the route when stops or the pool's
 * travel mode change, the pool's pricing code when any priced input changes. Each is
 * skipped when its inputs are unchanged, and a stale answer never overwrites a newer one.
 */
export function startEngine(store: QuoteStore, services: Services): () => void {
  let routeKey = '';
  let routeRun = 0;
  let poolKey = '';
  let poolRun = 0;

  const travelMode = () => store.get(selectedPoolAtom)?.mode ?? 'driving';

  async function refreshRoute() {
    const stops = store.get(stopsAtom);
    const mode = travelMode();
    // The uids too: a route belongs to its stops in their order (ComputedRoute.stopUids), even
    // when two of them share a place.
    const key = `${store.get(routeAttemptAtom)}|${mode}|${stops.map((s) => `${s.uid}@${s.lat},${s.lng},${s.geocodeResolved}`).join('|')}`;
    if (key === routeKey) return;
    routeKey = key;
    const run = ++routeRun;
    if (!canRoute(stops)) {
      store.set(routeAtom, null);
      store.set(routeStatusAtom, 'idle');
      return;
    }
    store.set(routeStatusAtom, 'loading');
    try {
      const provider = await services.provider();
      const route = await computeRoute(provider, stops, mode);
      if (run !== routeRun) return;
      store.set(routeAtom, route);
      store.set(routeStatusAtom, 'ok');
      // Spec §8 'Route not found {status}': said, with a retry, while the straight line stands in.
      if (route.fallbackReason) store.set(showBannerAtom, { id: 'route', kind: 'warning', text: route.fallbackReason, retry: 'route' });
      else store.set(dismissBannerAtom, 'route');
    } catch (error) {
      if (run !== routeRun) return;
      // Spec §8: a failed route makes step 0 invalid and stops the loading.
      store.set(routeAtom, null);
      store.set(routeStatusAtom, 'failed');
      const text = error instanceof AddressLimitError || (error instanceof Error && error.message) ? (error as Error).message : null;
      if (text) store.set(showBannerAtom, { id: 'route', kind: 'error', text });
    }
  }

  async function refreshPool() {
    const company = store.get(companyDataAtom);
    const pool = store.get(selectedPoolAtom);
    const stops = store.get(stopsAtom);
    // The public estimate, computed once for the screens and the grid's code alike, and only
    // for a pool with code: without one, a quantity change prices the trip once, not twice.
    const base = pool && poolComputesPrice(pool) ? store.get(publicEstimateAtom) : null;
    if (!pool || !base) {
      poolKey = '';
      if (store.get(poolOutputAtom).output || store.get(poolOutputAtom).defect) store.set(poolOutputAtom, { output: null, defect: null });
      return;
    }
    const items = store.get(itemsAtom);
    const input: PoolPriceInput = {
      distance_km: base.driver.distance / 1000,
      duration_h: base.driver.duration / 3600,
      customer_distance_km: base.customer.distance / 1000,
      customer_duration_h: base.customer.duration / 3600,
      volume_m3: base.volume,
      truck_capacity_m3: base.truckCapacity,
      handling_hours: base.handling.hours,
      persons: base.handling.persons,
      stops: stops.map((s) => ({ type: s.type, floor: s.floor, elevator: s.elevator, postal_code: s.postalCode })),
      items: items.map((i) => ({ name: i.name, category: i.category, quantity: i.quantity, volume_m3: i.volume })),
      public_transportation: withoutVat(base.transportFee, company.vat),
      public_handling: withoutVat(base.handlingFee, company.vat),
      date: store.get(customerAtom).date,
    };
    const key = `${pool.id}|${JSON.stringify(input)}`;
    if (key === poolKey) return;
    poolKey = key;
    const run = ++poolRun;
    const result = await services.sandbox().run(pool, input);
    if (run !== poolRun) return;
    if (!result.ok) {
      store.set(poolOutputAtom, { output: null, defect: result.message });
      return;
    }
    store.set(poolOutputAtom, { output: result.output, defect: null });
    const amplitude = result.output.amplitude_hour;
    if (amplitude) {
      // Time windows need dates in France (luxon): their code comes with the stop times. Without
      // it the stops keep their times; the stop times say they cannot load, with 'Réessayer'.
      const parts = await import('./time-parts.ts').catch(() => null);
      if (!parts) return;
      const { applyAmplitude } = parts;
      store.set(travelIdentityAtom, { ...store.get(travelIdentityAtom), timewindowEnabled: true });
      store.set(stopsAtom, applyAmplitude(store.get(stopsAtom), amplitude));
    }
  }

  const onChange = () => {
    void refreshRoute();
    void refreshPool();
  };
  const unsubscribers = [stopsAtom, itemsAtom, customerAtom, travelIdentityAtom, companyDataAtom, routeAtom, routeAttemptAtom].map((a) =>
    subscribe(store, a, onChange),
  );
  onChange();
  return () => {
    // Answers still on their way are dropped: a stopped engine writes nothing.
    routeRun += 1;
    poolRun += 1;
    unsubscribers.forEach((unsubscribe) => unsubscribe());
  };
}
