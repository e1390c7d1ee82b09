// What a quote costs the server beside a booking: CPU time of the server process (every thread,
// the pricing-code worker included, read from /proc) per request, one request at a time, on the
// typical trip and on the 50-stop trip with a grid whose code prices it. `npm run bench`
// includes it; `node --import tsx test/bench/quote-cost.mjs` runs it alone (after `node build.mjs`).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bookingBody } from '../../server/test/api/booking-body.ts';
import { DEMO_COMPANY_TOKEN, json, startServer, tempDatabasePath, withServerPrice } from '../../server/test/api/support.ts';

const TICKS_PER_SECOND = 100;
/** CPU ms the process has used so far (user + system, all threads). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // After the command: state is field 3, utime 14 and stime 15 (1-based), so 11 and 12 here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** A trip of `stops` stops in Paris, with `items` kinds of catalogue objects, on the company's grid with code. */
function trip(stops, items, variant) {
  return {
    company_token: DEMO_COMPANY_TOKEN,
    driver_pool_id: 2,
    addresses: Array.from({ length: stops }, (_, i) => ({
      type_name: i === 0 ? 'pickup' : 'dropoff',
      lat: 48.85 + i * 0.003,
      lng: 2.35 + i * 0.002,
      // A different floor on each request: a new quote each time, not the one already issued.
      floor_nb: (i + variant) % 6,
      elevator_presence: true,
    })),
    items: Array.from({ length: items }, (_, i) => ({
      name: ['Carton standard', 'Canapé 3 places', 'Réfrigérateur', 'Lave-linge', 'Lit double avec sommier et matelas'][i % 5],
      category: 'item',
      quantity: 1 + (i % 3),
    })),
  };
}

async function perRequest(server, count, send) {
  await send(-1); // warm: the first quote with code starts the sandbox's worker
  const before = cpuMs(server.child.pid);
  const started = performance.now();
  for (let i = 0; i < count; i += 1) await send(i);
  return {
    cpuMs: Number(((cpuMs(server.child.pid) - before) / count).toFixed(2)),
    wallMs: Number(((performance.now() - started) / count).toFixed(2)),
  };
}

/**
 * A tariff with every part set (issue 42): VAT excluded sections, a minimum, km bands, a price
 * per hour and per extra stop, vehicles with their own rates, floors priced per floor above the
 * free ones, a lift's factor, a long carry, weekday, season and month-end coefficients, closed
 * days and a daily capacity: what a carrier's Tarifs page may save.
 */
const FULL_TARIFF = {
  vat: 0.2,
  handling: { prices_include_vat: false, rate_standard: 22, rate_moving: 34 },
  transport: {
    prices_include_vat: false,
    minimum: 120,
    per_km: 1.1,
    km_bands: [
      { from_km: 100, per_km: 0.9 },
      { from_km: 400, per_km: 0.7 },
    ],
    per_hour: 28,
    per_extra_stop: 25,
  },
  vehicles: [
    { id: 1, name: 'Fourgon 12 m³', capacity: 12, price_per_km: null, price_per_hour: null },
    { id: 2, name: 'Porteur 20 m³', capacity: 20, price_per_km: 1.4, price_per_hour: 35 },
    { id: 3, name: 'Semi 40 m³', capacity: 40, price_per_km: 1.8, price_per_hour: 45 },
  ],
  floors: { free: 1, mode: 'per_floor', per_floor: 12, lift_factor: 0.5 },
  carry: { free_metres: 15, step_metres: 10, per_step: 12 },
  days: {
    weekdays: [1, 1, 1, 1, 1.05, 1.2, 1.5],
    seasons: [
      { label: 'Été', from: '07-01', to: '08-31', coefficient: 1.15 },
      { label: 'Fêtes', from: '12-20', to: '01-05', coefficient: 1.1 },
    ],
    month_end: { days: 3, coefficient: 1.08 },
    closed_weekdays: [],
    closed_dates: ['01-01', '05-01', '12-25', '2027-05-06'],
  },
  daily_capacity: 6,
};

export async function measureQuoteCost() {
  const server = await startServer(tempDatabasePath(), 0, { LOG_LEVEL: 'warn' });
  try {
    const quote = (body) => json(server.base, 'POST', '/api/v1/quotes', { body });
    const typical = await perRequest(server, 100, (i) => quote({ ...trip(3, 12, i), driver_pool_id: null }));
    // The same quote on the company's tariff with every part set (saved as the Tarifs page saves it), on a Saturday of July.
    const [{ store_json: store }] = await server.query('SELECT store_json FROM companies WHERE id = 1');
    await server.query('UPDATE companies SET store_json = ? WHERE id = 1', [
      JSON.stringify({ ...JSON.parse(store), tariff: FULL_TARIFF, tariff_version: 1 }),
    ]);
    const onTariff = await perRequest(server, 100, (i) => {
      const body = trip(3, 12, i);
      // A carry of 35 m on foot at the last address, for the tariff's long carry.
      const addresses = body.addresses.map((address, index) => (index === 2 ? { ...address, carry_metres: 35 } : address));
      return quote({ ...body, addresses, driver_pool_id: null, date: '2026-07-04' });
    });
    // The day chosen by its price (issue 45): the same trip on 14 days at once, each day its own
    // quote signed and stored; a Sunday closed and a capacity to count, as a carrier sets them.
    await server.query('UPDATE companies SET store_json = ? WHERE id = 1', [
      JSON.stringify({
        ...JSON.parse(store),
        tariff: { ...FULL_TARIFF, days: { ...FULL_TARIFF.days, closed_weekdays: [7] } },
        tariff_version: 2,
      }),
    ]);
    const fortnight = await perRequest(server, 40, (i) => {
      const { date: _date, ...body } = { ...trip(3, 12, i), driver_pool_id: null };
      return json(server.base, 'POST', '/api/v1/quotes/days', { body: { ...body, from: '2026-12-14', days: 14 } });
    });
    const fiftyStops = await perRequest(server, 40, (i) => quote(trip(50, 200, i)));
    const body = await withServerPrice(server.base, bookingBody());
    const booking = await perRequest(server, 100, () => json(server.base, 'POST', '/api/v1/travels', { body }));
    return {
      typicalQuote: typical,
      typicalQuoteOnFullTariff: onTariff,
      fortnightQuote: fortnight,
      fiftyStopQuoteWithCode: fiftyStops,
      booking,
    };
  } finally {
    await server.stop();
  }
}

/** [measure, figure, goal] rows. */
export function quoteRows(cost) {
  const figure = ({ cpuMs, wallMs }) => `${cpuMs} ms of server CPU (${wallMs} ms answered)`;
  return [
    ['quote, 3 stops + 12 items, public grid', figure(cost.typicalQuote), ''],
    // Not in the runs from before tariffs (a previous report read back).
    ...(cost.typicalQuoteOnFullTariff
      ? [['quote, 3 stops + 12 items, tariff with every part set', figure(cost.typicalQuoteOnFullTariff), '< 2 ms CPU']]
      : []),
    ...(cost.fortnightQuote
      ? [['14 days priced at once, 3 stops + 12 items, that tariff', figure(cost.fortnightQuote), '< 10 ms CPU']]
      : []),
    ['quote, 50 stops + 200 items, grid with code', figure(cost.fiftyStopQuoteWithCode), '< 50 ms CPU'],
    ['booking with its quote', figure(cost.booking), ''],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [label, value, goal] of quoteRows(await measureQuoteCost())) console.log(`${label.padEnd(48)} ${value.padEnd(44)} ${goal}`);
}
