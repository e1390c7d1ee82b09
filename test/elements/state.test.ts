import { expect, waitUntil } from '@open-wc/testing';
import { createStore } from 'jotai';
import * as v from 'valibot';
import { CompanyDataSchema } from '../../src/domain/entities/company.ts';
import { makeItem } from '../../src/domain/entities/item.ts';
import { makeStop } from '../../src/domain/entities/stop.ts';
import type { RouteResult } from '../../src/domain/entities/route-result.ts';
import type { Services } from '../../src/state/services.atoms.ts';
import { applyCompanyAtom } from '../../src/state/apply.ts';
import { parseAttributes } from '../../src/state/attributes.ts';
import { savingAtom, setSavingAtom } from '../../src/state/booking.atoms.ts';
import { startEngine } from '../../src/state/engine.ts';
import { estimateAtom } from '../../src/state/estimate.atoms.ts';
import { chooseVehicleAtom, fixPriceAtom } from '../../src/state/price-choices.atoms.ts';
import { routeLoadingAtom, routeStatusAtom } from '../../src/state/route.atoms.ts';
import { timeWindowsEnabledAtom } from '../../src/state/time-windows.atoms.ts';
import { loadingAtom } from '../../src/state/travel-snapshot.atoms.ts';
import { replaceItemsAtom } from '../../src/state/items.atoms.ts';
import { moveStopAtom, replaceStopsAtom, stopsAtom } from '../../src/state/stops.atoms.ts';
import { arrivalsAtom } from '../../src/state/arrival.atoms.ts';
import { editCustomerAtom } from '../../src/state/customer.atoms.ts';
import { localDraftStorage } from '../../src/services/drafts.ts';
import type { MapsProvider } from '../../src/services/maps/provider.ts';
import type { PoolRun, PricingSandbox } from '../../src/services/pricing/sandbox.ts';
import { testClock } from './support.ts';

function fakeServices(
  poolRun: () => PoolRun = () => ({
    ok: true,
    output: { transportation: 100, handling: 50, error: null, info: null, persons: null, amplitude_hour: null },
  }),
) {
  const calls = { routes: 0, pools: 0 };
  const provider: MapsProvider = {
    kind: 'local',
    modes: ['driving'],
    suggest: async () => [],
    geocode: async () => [],
    routeChunk: async (points): Promise<RouteResult> => {
      calls.routes += 1;
      return {
        distance: 10000 * (points.length - 1),
        duration: 900 * (points.length - 1),
        legDurations: points.slice(1).map(() => 900),
        legDistances: points.slice(1).map(() => 10000),
        responses: [],
        approximate: false,
      };
    },
  };
  const sandbox: PricingSandbox = {
    run: async () => {
      calls.pools += 1;
      return poolRun();
    },
    dispose: () => undefined,
  };
  const services = { provider: async () => provider, sandbox: () => sandbox, now: testClock } as unknown as Services;
  return { services, calls };
}

const resolved = (lat: number) => makeStop({ lat, lng: 2.35, geocodeResolved: true, floor: 0 });
const company = (pools: unknown[]) => v.parse(CompanyDataSchema, { driver_pools: pools });

describe('state: fee recomputation (spec §4)', () => {
  it('S073 nothing is computed until every stop is geocoded', async () => {
    const store = createStore();
    const { services, calls } = fakeServices();
    store.set(replaceStopsAtom, [resolved(48.8), makeStop()]);
    startEngine(store, services);
    // The engine looks at the stops at once and settles on 'idle': nothing to route yet.
    await waitUntil(() => store.get(routeStatusAtom) === 'idle');
    expect(calls.routes).to.equal(0);
    expect(store.get(estimateAtom)).to.equal(null);
    store.set(replaceStopsAtom, [resolved(48.8), resolved(48.9)]);
    await waitUntil(() => store.get(routeStatusAtom) === 'ok');
    expect(calls.routes).to.equal(1);
    expect(store.get(estimateAtom)?.customer.distance).to.equal(10000);
  });

  it('S072 S073 the route is recomputed when stops move, and skipped when nothing that matters changed', async () => {
    const store = createStore();
    const { services, calls } = fakeServices();
    store.set(replaceStopsAtom, [resolved(48.8), resolved(48.9)]);
    startEngine(store, services);
    await waitUntil(() => store.get(routeStatusAtom) === 'ok');
    store.set(
      replaceStopsAtom,
      store.get(stopsAtom).map((stop) => ({ ...stop, notes: 'digicode' })),
    );
    store.set(replaceItemsAtom, [makeItem({ name: 'Armoire', volume: 1.5, time_factor: 0.5 })]);
    // The engine decides in the store's notification: once the estimate shows the new item, it has.
    // 1.5 m³, priced to the whole m³ (spec §9).
    await waitUntil(() => store.get(estimateAtom)?.volume === Math.round(1.5));
    expect(calls.routes).to.equal(1);
    store.set(replaceStopsAtom, [resolved(48.8), resolved(48.9), resolved(49)]);
    await waitUntil(() => calls.routes === 2);
    await waitUntil(() => store.get(estimateAtom)?.customer.distance === 20000);
  });

  it('S072 a route refresh and a booking each keep their own wait: the route ending never ends the save', async () => {
    const store = createStore();
    const { services } = fakeServices();
    const provider = await services.provider();
    const routeChunk = provider.routeChunk;
    let release = () => {};
    provider.routeChunk = (points, mode) => new Promise((resolve) => (release = () => resolve(routeChunk(points, mode))));
    store.set(setSavingAtom, true);
    store.set(replaceStopsAtom, [resolved(48.8), resolved(48.9)]);
    startEngine(store, services);
    await waitUntil(() => store.get(routeLoadingAtom), 'the route should be loading');
    expect(store.get(loadingAtom)).to.equal(true);
    release();
    await waitUntil(() => store.get(routeStatusAtom) === 'ok');
    expect(store.get(routeLoadingAtom)).to.equal(false);
    expect(store.get(savingAtom), 'the save is still waiting').to.equal(true);
    expect(store.get(loadingAtom)).to.equal(true);
    store.set(setSavingAtom, false);
    expect(store.get(loadingAtom)).to.equal(false);
  });

  it('S072 S074 S075 a pool with code prices the travel; items and vehicle changes rerun it; a fixed price overrides', async () => {
    const store = createStore();
    const { services, calls } = fakeServices();
    store.set(
      applyCompanyAtom,
      company([
        { id: 'public', name: 'Grille publique' },
        {
          id: 2,
          name: 'Grille Pro',
          default: true,
          apply_to: 'apply_to_travels',
          compute_price_func_body: 'return { transportation: 100, handling: 50 };',
        },
      ]),
    );
    store.set(replaceStopsAtom, [resolved(48.8), resolved(48.9)]);
    startEngine(store, services);
    await waitUntil(() => store.get(estimateAtom)?.source === 'pool', 'the default pool prices the travel');
    // The pool's HT figures × 1.2 (VAT 20 %, spec §9).
    expect(store.get(estimateAtom)).to.include({ transportFee: 100 * 1.2, handlingFee: 50 * 1.2, total: (100 + 50) * 1.2 });
    const before = calls.pools;
    store.set(replaceItemsAtom, [makeItem({ name: 'Armoire', volume: 1.5, time_factor: 0.5 })]);
    await waitUntil(() => calls.pools === before + 1, 'items rerun the pool');
    store.set(chooseVehicleAtom, -4);
    await waitUntil(() => calls.pools === before + 2, 'the vehicle reruns the pool');
    store.set(fixPriceAtom, { transportationPriceVatExcluded: 10, handlingPriceVatExcluded: 5 });
    expect(store.get(estimateAtom)).to.include({ transportFee: 10 * 1.2, handlingFee: 5 * 1.2, total: (10 + 5) * 1.2, source: 'fixed' });
  });

  it('S075 S105 a defective pool shows its message in place of the price; amplitude_hour sets the windows', async () => {
    const store = createStore();
    const defect = 'La grille de [Grille Pro] présente un défaut technique, contactez son responsable';
    let answer: PoolRun = { ok: false, message: defect };
    const { services } = fakeServices(() => answer);
    store.set(
      applyCompanyAtom,
      company([
        {
          id: 2,
          name: 'Grille Pro',
          default: true,
          apply_to: 'apply_to_travels',
          compute_price_func_body: 'return { transportation: 1, handling: 1 };',
        },
      ]),
    );
    store.set(replaceStopsAtom, [{ ...resolved(48.8), timewindowEarliest: '2026-12-01T08:00:00+01:00' }, resolved(48.9)]);
    startEngine(store, services);
    await waitUntil(() => store.get(estimateAtom)?.poolError === defect);
    expect(store.get(estimateAtom)?.total).to.equal(0);
    answer = { ok: true, output: { transportation: 80, handling: 20, error: null, info: 'Tarif week-end', persons: 3, amplitude_hour: 2 } };
    store.set(replaceItemsAtom, [makeItem({ name: 'Commode', volume: 0.8 })]);
    await waitUntil(() => store.get(estimateAtom)?.poolInfo === 'Tarif week-end');
    expect(store.get(estimateAtom)?.handling.persons).to.equal(3);
    expect(store.get(timeWindowsEnabledAtom)).to.equal(true);
    expect(store.get(stopsAtom).map((stop) => [stop.timewindowEarliest, stop.timewindowLatest])).to.deep.equal([
      ['2026-12-01T08:00:00+01:00', '2026-12-01T10:00:00+01:00'],
      ['2026-12-01T08:00:00+01:00', '2026-12-01T10:00:00+01:00'],
    ]);
  });

  it("S018 S072 after a move the arrivals stay the last route's, stop by stop, until the new route gives theirs; no estimate mixes the two", async () => {
    const store = createStore();
    const { services } = fakeServices();
    const provider = await services.provider();
    // Each leg drives 10 minutes per 0.1° of latitude, so the order of the stops changes the times.
    let release: (() => void) | null = null;
    provider.routeChunk = (points) =>
      new Promise((resolve) => {
        const legDurations = points.slice(1).map((point, index) => Math.abs(point.lat - points[index]!.lat) * 6000);
        const route = {
          distance: 1,
          duration: legDurations.reduce((a, b) => a + b, 0),
          legDurations,
          legDistances: [],
          responses: [],
          approximate: false,
        };
        release = () => resolve(route);
      });
    store.set(editCustomerAtom, { date: '2026-12-01', time: '08:00' });
    store.set(replaceStopsAtom, [resolved(48.8), resolved(48.9), resolved(49)]);
    const [a, b, c] = store.get(stopsAtom).map((stop) => stop.uid);
    startEngine(store, services);
    await waitUntil(() => release !== null);
    release!();
    await waitUntil(() => store.get(routeStatusAtom) === 'ok');
    // Spec §2/§9: the first stop at the chosen time, each next one after 5 minutes on site and its leg.
    const at = (time: string) => `2026-12-01T${time}:00+01:00`;
    const byUid = () => new Map(store.get(stopsAtom).map((stop, index) => [stop.uid, store.get(arrivalsAtom)[index]]));
    expect(byUid()).to.deep.equal(
      new Map([
        [a, at('08:00')],
        [b, at('08:15')],
        [c, at('08:30')],
      ]),
    );

    release = null;
    store.set(moveStopAtom, { from: 0, to: 1 });
    expect(store.get(routeStatusAtom)).to.equal('loading');
    expect(store.get(estimateAtom), 'the last route is not priced with the stops in their new order').to.equal(null);
    expect(byUid(), 'each stop keeps the time the last route gave it').to.deep.equal(
      new Map([
        [a, at('08:00')],
        [b, at('08:15')],
        [c, at('08:30')],
      ]),
    );

    await waitUntil(() => release !== null);
    release!();
    await waitUntil(() => store.get(routeStatusAtom) === 'ok');
    // B, A, C: legs of 0.1° then 0.2°, so 10 then 20 minutes.
    expect(byUid()).to.deep.equal(
      new Map([
        [b, at('08:00')],
        [a, at('08:15')],
        [c, at('08:40')],
      ]),
    );
    expect(store.get(estimateAtom)).to.not.equal(null);
  });
});

describe('drafts and attributes', () => {
  it('an old or corrupt draft is dropped with no error', () => {
    const storage = window.localStorage;
    const drafts = localDraftStorage(storage);
    storage.setItem('tqw-draft:old', JSON.stringify({ version: 0, stops: [] }));
    storage.setItem('tqw-draft:corrupt', '{pas du json');
    expect(drafts.load('tqw-draft:old')).to.equal(null);
    expect(drafts.load('tqw-draft:corrupt')).to.equal(null);
    expect(storage.getItem('tqw-draft:old')).to.equal(null);
    drafts.save('tqw-draft:good', {
      stops: [makeStop({ address: '1 rue A' })],
      items: [],
      customer: { name: 'A' },
      contacts: [],
      panel: 1,
      idempotencyKey: 'tqw-k',
      savedAt: '2026-11-30T09:00:00.000Z',
    });
    expect(drafts.load('tqw-draft:good')?.stops[0]?.address).to.equal('1 rue A');
    drafts.clear('tqw-draft:good');
    expect(drafts.load('tqw-draft:good')).to.equal(null);
  });

  it('presence-style booleans: a bare maps-visible is on, "false" is off, ?mapsVisible=true turns it on', () => {
    const host = document.createElement('div');
    const read = (name: string) => host.getAttribute(name);
    const location = new URL('https://transporteur.example/devis');
    expect(parseAttributes(read, location).mapsVisible).to.equal(false);
    host.setAttribute('maps-visible', '');
    expect(parseAttributes(read, location).mapsVisible).to.equal(true);
    host.setAttribute('maps-visible', 'false');
    expect(parseAttributes(read, location).mapsVisible).to.equal(false);
    expect(parseAttributes(read, new URL('https://transporteur.example/devis?mapsVisible=true')).mapsVisible).to.equal(true);
    expect(parseAttributes(read, location).apiBase).to.equal('https://transporteur.example');
  });

  it('attributes are read through their schema: trimmed, empty is absent, a choice outside its values is absent', () => {
    const host = document.createElement('div');
    const read = (name: string) => host.getAttribute(name);
    const location = new URL('https://transporteur.example/devis');
    host.setAttribute('company-token', '  tqw_demo  ');
    host.setAttribute('travel-id', '   ');
    host.setAttribute('mode', 'entreprise');
    host.setAttribute('maps-provider', 'local');
    expect(parseAttributes(read, location)).to.include({ companyToken: 'tqw_demo', travelId: null, mode: null, mapsProvider: 'local' });
    host.setAttribute('mode', 'company');
    host.setAttribute('api-base', 'https://api.transporteur.example');
    expect(parseAttributes(read, location)).to.include({ mode: 'company', apiBase: 'https://api.transporteur.example' });
  });
});

describe('default schedule', () => {
  it('S170 a new travel starts on the default day and time', async () => {
    const { applyDefaultSchedule } = await import('../../src/state/schedule.ts');
    const { customerAtom } = await import('../../src/state/customer.atoms.ts');
    const store = createStore();
    // 23:30 in Paris (UTC+1 in November): tomorrow at 07:00.
    applyDefaultSchedule(store.get, store.set, new Date('2026-11-21T22:30:00Z'));
    expect(store.get(customerAtom)).to.include({ date: '2026-11-22', time: '07:00' });
    const early = createStore();
    applyDefaultSchedule(early.get, early.set, new Date('2026-11-21T09:07:00Z'));
    expect(early.get(customerAtom)).to.include({ date: '2026-11-21', time: '10:15' });
    store.set(editCustomerAtom, { date: '2026-12-24', time: '08:00' });
    applyDefaultSchedule(store.get, store.set, new Date('2026-11-21T09:07:00Z'));
    expect(store.get(customerAtom)).to.include({ date: '2026-12-24', time: '08:00' });
  });
});

describe('applying a travel', () => {
  it('S045 contacts kept apart from the stops are put on the stop of their step', async () => {
    const { applyTravelAtom } = await import('../../src/state/apply.ts');
    const { contactsAtom } = await import('../../src/state/contacts.atoms.ts');
    const { makeTravelState } = await import('../../src/domain/entities/travel.ts');
    const { makeContact } = await import('../../src/domain/entities/contact.ts');
    const store = createStore();
    store.set(
      applyTravelAtom,
      makeTravelState({
        stops: [resolved(48.8), resolved(48.9)],
        contacts: [
          makeContact({ name: 'Léa', phone: '0612345678', step: 1 }),
          makeContact({ name: 'Hors limite', phone: '0612345678', step: 7 }),
        ],
      }),
    );
    expect(store.get(stopsAtom).map((stop) => stop.contacts.map((c) => [c.name, c.step]))).to.deep.equal([
      [],
      [
        ['Léa', 1],
        ['Hors limite', 1],
      ],
    ]);
    expect(store.get(contactsAtom)).to.deep.equal([]);
  });
});
