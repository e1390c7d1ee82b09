import { expect } from '@open-wc/testing';
import * as v from 'valibot';
import { DriverPoolSchema } from '../../src/domain/entities/driver-pool.ts';
import type { PoolPriceInput } from '../../src/domain/pools/pool-io.ts';
import { lazyPricingSandbox } from '../../src/services/pricing/lazy-sandbox.ts';
import * as sandboxCode from '../../src/services/pricing/sandbox.ts';
import { createPricingSandbox } from '../../src/services/pricing/sandbox.ts';

const input: PoolPriceInput = {
  distance_km: 120,
  duration_h: 2,
  customer_distance_km: 60,
  customer_duration_h: 1,
  volume_m3: 12,
  truck_capacity_m3: 12,
  handling_hours: 3,
  persons: 2,
  stops: [],
  items: [],
  public_transportation: 150,
  public_handling: 90,
  date: '2026-12-01',
};
const pool = (code: string) =>
  v.parse(DriverPoolSchema, { id: 2, name: 'Grille Pro', apply_to: 'apply_to_travels', compute_price_func_body: code });
const DEFECT = 'La grille de [Grille Pro] présente un défaut technique, contactez son responsable';

describe('pricing-code sandbox (DESIGN §5, spec §5)', () => {
  const sandbox = createPricingSandbox('/dist/pricing-worker.js');
  after(() => sandbox.dispose());

  it('S105 valid code returns its prices, info, persons and amplitude', async () => {
    const result = await sandbox.run(
      pool(
        'return { transportation: 45 + input.distance_km * 0.9, handling: input.handling_hours * 28, info: "Tarif pro", persons: 3, amplitude_hour: 4 };',
      ),
      input,
    );
    expect(result).to.deep.equal({
      ok: true,
      output: { transportation: 153, handling: 84, error: null, info: 'Tarif pro', persons: 3, amplitude_hour: 4 },
    });
  });

  it('S105 a non-numeric result is the defect message', async () => {
    expect(await sandbox.run(pool('return { transportation: "cent", handling: 5 };'), input)).to.deep.equal({ ok: false, message: DEFECT });
    expect(await sandbox.run(pool('return { transportation: 100 };'), input)).to.deep.equal({ ok: false, message: DEFECT });
  });

  it('S105 S148 code that throws is the defect message', async () => {
    expect(await sandbox.run(pool('throw new Error("grille cassée");'), input)).to.deep.equal({ ok: false, message: DEFECT });
  });

  it('S105 code of 10 characters or less is the defect message, without running', async () => {
    expect(await sandbox.run(pool('return 1;;'), input)).to.deep.equal({ ok: false, message: DEFECT });
  });

  it('code has no DOM, fetch or timers', async () => {
    const result = await sandbox.run(
      pool(
        'return { transportation: typeof fetch === "undefined" && typeof document === "undefined" && typeof setTimeout === "undefined" ? 1 : 0, handling: 0 };',
      ),
      input,
    );
    expect(result).to.deep.equal({
      ok: true,
      output: { transportation: 1, handling: 0, error: null, info: null, persons: null, amplitude_hour: null },
    });
  });

  it('an endless loop shows the defect within a second while the page stays responsive', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 20);
    const started = performance.now();
    const result = await sandbox.run(pool('while (true) {} return { transportation: 1, handling: 1 };'), input);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(result).to.deep.equal({ ok: false, message: DEFECT });
    expect(elapsed).to.be.lessThan(1000);
    expect(ticks).to.be.greaterThan(3);
  });

  it('memory is capped: allocating without end is the defect, and the sandbox still works after', async () => {
    expect(await sandbox.run(pool('const a = []; while (true) { a.push(new Array(100000).fill(1)); }'), input)).to.deep.equal({
      ok: false,
      message: DEFECT,
    });
    expect((await sandbox.run(pool('return { transportation: 10, handling: 20 };'), input)).ok).to.equal(true);
  });
});

describe('pricing-code sandbox after hostile code', () => {
  const sandbox = createPricingSandbox('/dist/pricing-worker.js');
  after(() => sandbox.dispose());

  it('S105 after 50 hostile runs (endless loops, deep recursion, allocation bombs, throws), valid code still prices right', async function () {
    // 50 runs, some reaching the deadline or a fresh worker: room on a loaded machine.
    this.timeout(120000);
    const hostile = [
      'while (true) {} return { transportation: 1, handling: 1 };',
      'function down(n) { return down(n + 1) + 1; } return { transportation: down(0), handling: 1 };',
      'const a = []; while (true) { a.push("x".repeat(100000) + a.length); }',
      'let s = "x"; while (true) { s = s + s; } return { transportation: s.length, handling: 1 };',
      'throw new Error("grille cassée");',
    ];
    for (let run = 0; run < 50; run += 1) {
      expect(await sandbox.run(pool(hostile[run % hostile.length]!), input), `run ${run}`).to.deep.equal({ ok: false, message: DEFECT });
    }
    const valid = await sandbox.run(
      pool('return { transportation: 45 + input.distance_km * 0.9, handling: input.handling_hours * 28 };'),
      input,
    );
    // Spec-side figures: 45 + 120 × 0.9 = 153, 3 × 28 = 84.
    expect(valid).to.deep.equal({
      ok: true,
      output: { transportation: 45 + 120 * 0.9, handling: 3 * 28, error: null, info: null, persons: null, amplitude_hour: null },
    });
  });
});

describe('the sandbox’s code comes with the first pool that has code', () => {
  const VALID = 'return { transportation: 45 + input.distance_km * 0.9, handling: input.handling_hours * 28 };';

  it('S105 a failed download prices that pool as a defect, and the next run brings the code and prices it', async () => {
    let downloads = 0;
    const sandbox = lazyPricingSandbox('/dist/pricing-worker.js', async () => {
      downloads += 1;
      if (downloads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return sandboxCode;
    });
    try {
      expect(await sandbox.run(pool(VALID), input)).to.deep.equal({ ok: false, message: DEFECT });
      const priced = await sandbox.run(pool(VALID), input);
      expect(priced).to.deep.equal({
        ok: true,
        output: { transportation: 45 + 120 * 0.9, handling: 3 * 28, error: null, info: null, persons: null, amplitude_hour: null },
      });
      await sandbox.run(pool(VALID), input);
      expect(downloads).to.equal(2);
    } finally {
      sandbox.dispose();
    }
  });
});
