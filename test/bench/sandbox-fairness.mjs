// Issue 52, point 8: another company's quote while one company saturates its own sandbox budget.
// Martin's grid spends 270 ms a run (the issue's), and 22 lists of 31 days of it stay in flight
// for the whole measure, each sent again as soon as it answers; meanwhile Dupont asks quotes on
// its arithmetic grid one after another. Martin spends its 30 s of sandbox a minute
// (POOL_SANDBOX_COMPANY_MS_PER_MINUTE's default) in the first half of the minute, then is
// refused (429) for the rest: both phases are in the measure. Dupont's latency is read from the
// client, a request at a time, and compared with the same quotes on the idle server. The server
// runs with its defaults (two workers). `npm run bench` includes it;
// `node --import tsx test/bench/sandbox-fairness.mjs` runs it alone (after `node build.mjs`).
import { fileURLToPath } from 'node:url';
import { bookingBody } from '../../server/test/api/booking-body.ts';
import { DEMO_COMPANY_TOKEN, OTHER_COMPANY_TOKEN, startServer, tempDatabasePath } from '../../server/test/api/support.ts';

const SECONDS = 45;
const FLOOD_LISTS = 22;
const SLOW_GRID = {
  id: 20,
  name: 'Grille Lente',
  apply_to: 'apply_to_travels',
  compute_price_func_body:
    'const end = Date.now() + 270; while (Date.now() < end) {} return { transportation: 100 + input.distance_km, handling: 50 };',
};
const QUICK_GRID = {
  id: 21,
  name: 'Grille Express',
  apply_to: 'apply_to_travels',
  compute_price_func_body: 'return { transportation: 80 + input.distance_km, handling: 40 };',
};

async function addGrid(server, companyId, grid) {
  const [{ store_json: store }] = await server.query('SELECT store_json FROM companies WHERE id = ?', [companyId]);
  const data = JSON.parse(store);
  await server.query('UPDATE companies SET store_json = ? WHERE id = ?', [
    JSON.stringify({ ...data, driver_pools: [...(data.driver_pools ?? []), grid] }),
    companyId,
  ]);
}

const { addresses, items } = bookingBody();
const trip = (token, poolId, floor) => ({
  company_token: token,
  driver_pool_id: poolId,
  addresses: addresses.map((address, index) => (index === 0 ? { ...address, floor_nb: floor } : address)),
  items,
  persons_needed: 2,
  handling_hours: 2,
});
const post = (base, path, body) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
  );
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Dupont's quotes one after another until `until`: each one's latency and status. */
async function dupontQuotes(base, until) {
  const latencies = [];
  let failed = 0;
  for (let floor = 0; performance.now() < until; floor += 1) {
    const started = performance.now();
    const status = await post(base, '/api/v1/quotes', trip(OTHER_COMPANY_TOKEN, QUICK_GRID.id, floor % 6));
    if (status === 201) latencies.push(performance.now() - started);
    else failed += 1;
  }
  latencies.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms);
  return {
    quotes: latencies.length + failed,
    failed,
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    maxMs: round(latencies.at(-1)),
  };
}

export async function measureSandboxFairness() {
  const server = await startServer(tempDatabasePath(), 0, { LOG_LEVEL: 'warn' });
  try {
    await addGrid(server, 1, SLOW_GRID);
    await addGrid(server, 2, QUICK_GRID);
    // Warm: each worker once, Dupont's path once.
    await post(server.base, '/api/v1/quotes', trip(OTHER_COMPANY_TOKEN, QUICK_GRID.id, 0));
    const alone = await dupontQuotes(server.base, performance.now() + 10_000);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const until = performance.now() + SECONDS * 1000;
    const flood = { lists: 0, priced: 0, refused: 0, unavailable: 0 };
    const martin = async (lane) => {
      for (let floor = lane; performance.now() < until; floor += 1) {
        const status = await post(server.base, '/api/v1/quotes/days', {
          ...trip(DEMO_COMPANY_TOKEN, SLOW_GRID.id, floor % 6),
          from: today,
          days: 31,
        });
        flood.lists += 1;
        if (status === 200) flood.priced += 1;
        else if (status === 429) flood.refused += 1;
        else flood.unavailable += 1;
      }
    };
    const [busy] = await Promise.all([dupontQuotes(server.base, until), ...Array.from({ length: FLOOD_LISTS }, (_, lane) => martin(lane))]);
    return { seconds: SECONDS, floodLists: FLOOD_LISTS, slowRunMs: 270, alone, busy, flood };
  } finally {
    await server.stop();
  }
}

/** [measure, figure, goal] rows. */
export function fairnessRows(fairness) {
  const latency = ({ p95Ms, p50Ms, maxMs, quotes, failed }) =>
    `p95 ${p95Ms} ms (p50 ${p50Ms} ms, max ${maxMs} ms; ${quotes} quotes, ${failed} failed)`;
  return [
    [
      `another company’s quote while one saturates its budget (${fairness.floodLists} lists of 31 days in flight, ${fairness.slowRunMs} ms a run, ${fairness.seconds} s)`,
      latency(fairness.busy),
      'p95 < 200 ms, none failed',
    ],
    ['the same quote, the server otherwise idle', latency(fairness.alone), ''],
    [
      'the saturating company’s lists of 31 days',
      `${fairness.flood.priced} priced, ${fairness.flood.refused} refused 429, ${fairness.flood.unavailable} refused 503`,
      '',
    ],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [label, value, goal] of fairnessRows(await measureSandboxFairness())) console.log(`${label}\n  ${value}  ${goal}`);
}
