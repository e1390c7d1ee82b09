// The devis PDF (issue 52): how long the PDF of the largest booking the API accepts (50 stops,
// 200 items, every text at its limit, unbroken: server/test/api/largest-booking.ts) takes to
// answer, one request at a time, and how long /healthz takes to answer while ten of those PDFs
// are asked at once. `npm run bench` includes it; `npm run bench -- --pdf-only` measures it
// alone and keeps every other figure; `node --import tsx test/bench/devis-pdf.mjs` prints it
// (after `node build.mjs`).
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { bookingBody } from '../../server/test/api/booking-body.ts';
import { largestAcceptedBooking, unbrokenText } from '../../server/test/api/largest-booking.ts';
import { json, startServer, withServerPrice } from '../../server/test/api/support.ts';
import { BOOKING_BENCH_ENV } from './api.mjs';

/** One at a time, after two to warm the worker. */
const SINGLE_RUNS = 20;
/** The ten at once, three times over. */
const BURST = 10;
const BURSTS = 3;
/** A health check every 10 ms: a block of the event loop as short as the goal (100 ms) meets several. */
const HEALTH_PERIOD_MS = 10;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, share) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))];

async function book(server, body) {
  const created = await json(server.base, 'POST', '/api/v1/travels', { body: await withServerPrice(server.base, body) });
  if (created.status !== 201) throw new Error(`réservation refusée (${created.status}) : ${created.text.slice(0, 300)}`);
  return created.data;
}

/** The PDF asked once: its status, size and time from the request to its last byte. */
async function askPdf(server, { id, token }) {
  const started = performance.now();
  const answer = await fetch(`${server.base}/devis/${id}.pdf?${new URLSearchParams({ token })}`);
  const bytes = (await answer.arrayBuffer()).byteLength;
  if (answer.status !== 200) throw new Error(`devis PDF ${id} : ${answer.status}`);
  return { ms: performance.now() - started, bytes };
}

/** Times of `runs` requests one after the other, the first two left out (they start the worker). */
async function oneAtATime(server, booking, runs) {
  const times = [];
  let bytes = 0;
  for (let run = 0; run < runs + 2; run += 1) {
    const answer = await askPdf(server, booking);
    if (run >= 2) times.push(answer.ms);
    bytes = answer.bytes;
  }
  return { medianMs: Math.round(median(times)), maxMs: Math.round(Math.max(...times)), bytes };
}

/**
 * /healthz asked every `HEALTH_PERIOD_MS`, each answer timed, while `BURST` PDFs are asked at
 * once. Asked back to back, the checks would be a load of their own: both cores busy answering
 * them, the builds (below the requests' priority) would wait.
 */
async function healthDuringBurst(server, booking) {
  const latencies = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${server.base}/healthz`)).arrayBuffer();
      latencies.push(performance.now() - started);
      await delay(HEALTH_PERIOD_MS);
    }
  })();
  const started = performance.now();
  await Promise.all(Array.from({ length: BURST }, () => askPdf(server, booking)));
  const burstMs = performance.now() - started;
  done = true;
  await probing;
  return { latencies, burstMs };
}

export async function measureDevisPdf() {
  const server = await startServer(undefined, 0, BOOKING_BENCH_ENV);
  try {
    const largest = await book(server, largestAcceptedBooking());
    const six = bookingBody();
    const sixLong = await book(server, {
      ...six,
      addresses: Array.from({ length: 6 }, (_, index) => {
        const stop = six.addresses[index % 2];
        return { ...stop, step: index + 1, address_complete: unbrokenText(`${stop.address_complete} `, 2000) };
      }),
    });
    const single = await oneAtATime(server, largest, SINGLE_RUNS);
    const sixStops = await oneAtATime(server, sixLong, SINGLE_RUNS);
    const latencies = [];
    const bursts = [];
    for (let burst = 0; burst < BURSTS; burst += 1) {
      const measured = await healthDuringBurst(server, largest);
      latencies.push(...measured.latencies);
      bursts.push(measured.burstMs);
    }
    return {
      largest: { ...single, runs: SINGLE_RUNS },
      sixLongStops: { medianMs: sixStops.medianMs, maxMs: sixStops.maxMs },
      healthWhileBuilding: {
        pdfs: BURST,
        bursts: BURSTS,
        checks: latencies.length,
        medianMs: Number(median(latencies).toFixed(1)),
        p99Ms: Number(percentile(latencies, 0.99).toFixed(1)),
        maxMs: Math.round(Math.max(...latencies)),
        burstMs: Math.round(median(bursts)),
      },
    };
  } finally {
    await server.stop();
  }
}

/** [measure, figure, goal] rows. */
export function devisPdfRows(pdf) {
  const health = pdf.healthWhileBuilding;
  return [
    [
      'devis PDF of the largest booking accepted, one at a time',
      `${pdf.largest.medianMs} ms median, ${pdf.largest.maxMs} ms slowest of ${pdf.largest.runs} (${(pdf.largest.bytes / 1024).toFixed(0)} KB)`,
      '≤ 300 ms',
    ],
    [
      `/healthz while ${health.pdfs} of those PDFs are asked at once`,
      `${health.maxMs} ms slowest, p99 ${health.p99Ms} ms, median ${health.medianMs} ms (${health.checks} checks, ${health.bursts} bursts of ${health.burstMs} ms)`,
      '< 100 ms',
    ],
    [
      'devis PDF of 6 stops × 2,000 characters, one at a time',
      `${pdf.sixLongStops.medianMs} ms median, ${pdf.sixLongStops.maxMs} ms slowest`,
      '',
    ],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [label, value, goal] of devisPdfRows(await measureDevisPdf())) console.log(`${label.padEnd(58)} ${value.padEnd(90)} ${goal}`);
}
