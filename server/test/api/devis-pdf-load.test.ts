// Issue 52, point 1: one visitor froze the server with a PDF. A booking whose stops carry long
// unbroken words held the event loop for seconds while its devis was laid out, /healthz
// waiting as long. The devis PDFs are now laid out in worker threads, each build bounded in
// time: while ten PDFs of the largest booking the API accepts are made at once, the server
// answers its health check at once; a build past its deadline answers a French 503 with
// Retry-After, the confirmation leaves without the file (and without saying it is attached),
// and the server goes on serving. How long a build takes, the bench measures.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { bookingBody } from './booking-body.ts';
import { largestAcceptedBooking, unbrokenText } from './largest-booking.ts';
import { qpdfProblems } from './pdf-archive.ts';
import { startInbox } from './smtp-inbox.ts';
import { DATABASE_NAME, json, startServer, withServerPrice, type TestServer } from './support.ts';
import { waitFor } from './webhook-receiver.ts';

/**
 * A health check that waits this long found the event loop held: the old code held it 4 to
 * 12 s. The figure (under 100 ms) is the bench's goal (test/bench/devis-pdf.mjs,
 * docs/benchmarks.md), measured there: on a CI machine whose two cores run other suites beside
 * this one, a few checks pass 100 ms without the loop being held (seen at 109 to 220 ms).
 */
const HEALTH_BOUND_MS = 1000;
/** A bound that proves a PDF request does not hang: far above the burst's few seconds. */
const PDF_BOUND_MS = 120_000;
/** A health check every 10 ms: an event loop held as long as the bound meets several. */
const HEALTH_PERIOD_MS = 10;
/** How many PDFs of the largest booking are asked at once (the ten). */
const BURST = 10;

/** Six stops of 2,000 characters each, a long unbroken word after a postcode that matches their point (the case). */
function sixLongStops() {
  const body = bookingBody();
  const [paris, lyon] = [body.addresses[0]!, body.addresses[1]!];
  return {
    ...body,
    addresses: Array.from({ length: 6 }, (_, index) => {
      const stop = index % 2 === 0 ? paris : lyon;
      return { ...stop, step: index + 1, address_complete: unbrokenText(`${stop.address_complete} `, 2000) };
    }),
  };
}

/** Books a body priced by the server; its id and token. */
async function book(server: TestServer, body: ReturnType<typeof bookingBody>) {
  const created = await json(server.base, 'POST', '/api/v1/travels', { body: await withServerPrice(server.base, body) });
  assert.equal(created.status, 201, created.text.slice(0, 500));
  return created.data as { id: number; token: string };
}

const pdfUrl = (server: TestServer, { id, token }: { id: number; token: string }) =>
  `${server.base}/devis/${id}.pdf?${new URLSearchParams({ token })}`;

/**
 * Asks /healthz every `HEALTH_PERIOD_MS`, each answer timed, until `work` is done: a monitor's
 * pace, far faster than a real one's. Asked back to back, the checks would be a load of their
 * own, both cores busy answering them while the builds (below the requests' priority) wait.
 */
async function healthWhile<T>(server: TestServer, work: () => Promise<T>): Promise<{ result: T; latencies: number[] }> {
  const latencies: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const answer = await fetch(`${server.base}/healthz`);
      await answer.arrayBuffer();
      latencies.push(performance.now() - started);
      assert.equal(answer.status, 200);
      await delay(HEALTH_PERIOD_MS);
    }
  })();
  try {
    return { result: await work(), latencies };
  } finally {
    done = true;
    await probing;
  }
}

describe(`the devis PDFs are laid out off the requests’ thread (issue 52), on ${DATABASE_NAME}`, () => {
  let server: TestServer;
  let inbox: Awaited<ReturnType<typeof startInbox>>;

  before(async () => {
    inbox = await startInbox();
    // A deadline far above a build's, so a machine whose cores are busy elsewhere still makes all ten.
    server = await startServer(undefined, 0, {
      SMTP_URL: inbox.url,
      MAIL_FROM: 'devis@exemple.fr',
      OUTBOX_POLL_MS: '100',
      DEVIS_PDF_TIMEOUT_MS: '30000',
    });
  });
  after(async () => {
    await server?.stop();
    await inbox?.close();
  });

  it(`issue 52: /healthz answers within ${HEALTH_BOUND_MS} ms while ${BURST} PDFs of the largest booking accepted and the six long stops’ are made`, async () => {
    // Addresses the test's inbox takes (its SMTP server refuses the fixture's 254 characters).
    const largestBody = {
      ...largestAcceptedBooking(),
      customer: { ...largestAcceptedBooking().customer, email: 'la-plus-longue@exemple.fr' },
    };
    const sixBody = { ...sixLongStops(), customer: { ...bookingBody().customer, email: 'six-etapes@exemple.fr' } };
    const largest = await book(server, largestBody);
    const six = await book(server, sixBody);
    // Their confirmations first, each with its PDF: the inbox reads them in this process, which times the checks.
    await waitFor(
      () => inbox.to(largestBody.customer.email).length === 1 && inbox.to(sixBody.customer.email).length === 1,
      'les deux confirmations',
    );
    const { result: answers, latencies } = await healthWhile(server, () =>
      Promise.all(
        [...Array.from({ length: BURST }, () => largest), six, six].map(async (booking) => {
          const answer = await fetch(pdfUrl(server, booking), { signal: AbortSignal.timeout(PDF_BOUND_MS) });
          return { status: answer.status, type: answer.headers.get('content-type'), bytes: Buffer.from(await answer.arrayBuffer()) };
        }),
      ),
    );
    for (const answer of answers) {
      assert.equal(answer.status, 200, answer.bytes.toString('utf8', 0, 500));
      assert.equal(answer.type, 'application/pdf');
      assert.equal(answer.bytes.toString('latin1', 0, 5), '%PDF-');
      assert.equal(qpdfProblems(new Uint8Array(answer.bytes)), null, 'qpdf finds nothing (issue 54)');
    }
    assert.ok(latencies.length >= BURST, `${latencies.length} health checks while the PDFs were made`);
    const slow = latencies.flatMap((latency, index) => (latency < HEALTH_BOUND_MS ? [] : [`n° ${index + 1}: ${Math.round(latency)} ms`]));
    assert.deepEqual(slow, [], `health checks past ${HEALTH_BOUND_MS} ms, of ${latencies.length}`);
  });
});

describe(`a devis PDF past its deadline (issue 52), on ${DATABASE_NAME}`, () => {
  let server: TestServer;
  let inbox: Awaited<ReturnType<typeof startInbox>>;

  before(async () => {
    inbox = await startInbox();
    // A deadline of 1 ms: every build runs past it.
    server = await startServer(undefined, 0, {
      SMTP_URL: inbox.url,
      MAIL_FROM: 'devis@exemple.fr',
      OUTBOX_POLL_MS: '100',
      DEVIS_PDF_TIMEOUT_MS: '1',
    });
  });
  after(async () => {
    await server?.stop();
    await inbox?.close();
  });

  it('issue 52: answers 503 in French with Retry-After and the online devis’s link, and the server goes on serving', async () => {
    const booking = await book(server, largestAcceptedBooking());
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await fetch(pdfUrl(server, booking), { signal: AbortSignal.timeout(PDF_BOUND_MS) });
      const page = await answer.text();
      assert.equal(answer.status, 503);
      assert.ok(Number(answer.headers.get('retry-after')) > 0, 'Retry-After');
      assert.match(answer.headers.get('content-type') ?? '', /^text\/html/);
      assert.ok(page.includes('Le devis en PDF n’a pas pu être préparé à temps.'), page);
      assert.ok(page.includes(`href="/devis/${booking.id}?token=${booking.token}"`), 'the devis to read online');
    }
    assert.equal((await fetch(`${server.base}/healthz`)).status, 200);
    assert.equal((await fetch(`${server.base}/devis/${booking.id}?token=${booking.token}`)).status, 200, 'the devis’s page');
    const other = await json(server.base, 'POST', '/api/v1/travels', { body: await withServerPrice(server.base, bookingBody()) });
    assert.equal(other.status, 201, 'a booking');
  });

  it('issue 52: the confirmation leaves without the PDF, without saying it is attached, with the devis’s link', async () => {
    const email = 'sans-pdf@exemple.fr';
    const largest = largestAcceptedBooking();
    const { id } = await book(server, { ...largest, customer: { ...largest.customer, email } });
    await waitFor(() => inbox.to(email).length === 1, 'la confirmation');
    const { mail } = inbox.to(email)[0]!;
    assert.equal(mail.attachments.length, 0, 'no file');
    assert.ok(!/joint/.test(mail.text ?? ''), mail.text);
    assert.ok(!/joint/.test(String(mail.html)), 'nor in its HTML');
    assert.match(
      mail.text ?? '',
      new RegExp(`Mon devis, à lire et à accepter en ligne \\(bon pour accord\\)\\s*: \\S+/devis/${id}\\?token=`),
    );
  });
});
