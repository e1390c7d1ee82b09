import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertClose, assertIncludes } from './assertions.ts';
import { AddressLimitError, directionsChunks, sumRoutes } from '../../src/domain/route/chunking.ts';
import { canRoute, assertAddressLimit } from '../../src/domain/route/preconditions.ts';
import { driverRoute, fallbackSpeedKmh, greatCircleKm, straightLineLeg, straightLineRoute } from '../../src/domain/route/straight-line.ts';

const KM_PER_DEGREE = (6371 * Math.PI) / 180;

describe('route math (spec §9)', () => {
  it('S160 great circle uses an earth radius of 6371 km', () => {
    assertClose(greatCircleKm({ lat: 48, lng: 2 }, { lat: 49, lng: 2 }), KM_PER_DEGREE, 1e-6);
    assertClose(greatCircleKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 }), 6371 * Math.PI, 1e-6);
  });

  const speedCases: [number, number][] = [
    [0, 15],
    [10, 15],
    [10.01, 30],
    [100, 30],
    [100.01, 80],
    [900, 80],
  ];
  for (const [km, speed] of speedCases) {
    it(`S160 fallback speed for ${km} km is ${speed} km/h`, () => assert.equal(fallbackSpeedKmh(km), speed));
  }

  // Legs along a meridian, chosen so the road distance (1.5 × great circle) falls on each side of 10 and 100 km.
  const legCases: [number, number][] = [
    [0.0599, 15],
    [0.06, 30],
    [0.5995, 30],
    [0.6, 80],
  ];
  for (const [degrees, speed] of legCases) {
    it(`S160 a straight-line leg of ${degrees}° is 1.5 × the great circle at ${speed} km/h`, () => {
      const roadKm = degrees * KM_PER_DEGREE * 1.5;
      const leg = straightLineLeg({ lat: 48, lng: 2 }, { lat: 48 + degrees, lng: 2 });
      assertClose(leg.distance, roadKm * 1000, 0.01);
      assertClose(leg.duration, (roadKm / speed) * 3600, 0.01);
    });
  }

  it('S160 a straight-line route sums its legs and says it is approximate', () => {
    const route = straightLineRoute([
      { lat: 48, lng: 2 },
      { lat: 48.01, lng: 2 },
      { lat: 48.03, lng: 2 },
    ]);
    assert.equal(route.legDurations.length, 2);
    assertClose(route.distance, 0.03 * KM_PER_DEGREE * 1.5 * 1000, 0.01);
    assert.equal(route.approximate, true);
  });

  it('S160 the driver route is the customer route plus the straight line from first to last', () => {
    const points = [
      { lat: 48, lng: 2 },
      { lat: 48.5, lng: 2 },
      { lat: 48.1, lng: 2 },
    ];
    const back = straightLineLeg(points[0]!, points[2]!);
    assert.deepEqual(driverRoute({ distance: 50000, duration: 3600 }, points), {
      distance: 50000 + back.distance,
      duration: 3600 + back.duration,
    });
  });

  const chunkCases: [number, number[][]][] = [
    [1, [[0, 0]]],
    [25, [[0, 24]]],
    [
      26,
      [
        [0, 24],
        [24, 25],
      ],
    ],
    [
      50,
      [
        [0, 24],
        [24, 49],
      ],
    ],
  ];
  for (const [count, ranges] of chunkCases) {
    it(`S159 ${count} addresses make ${ranges.length} directions request(s): ${JSON.stringify(ranges)}`, () => {
      const addresses = Array.from({ length: count }, (_, index) => index);
      const chunks = directionsChunks(addresses);
      assert.deepEqual(
        chunks.map((chunk) => [chunk[0], chunk[chunk.length - 1]]),
        ranges,
      );
      assert.equal(chunks[0]!.length, Math.min(25, count));
    });
  }

  it('S151 S159 more than 50 addresses is the spec error', () => {
    const addresses = Array.from({ length: 51 }, (_, index) => index);
    assert.throws(
      () => directionsChunks(addresses),
      (error: unknown) => error instanceof AddressLimitError && error.message === 'Address limit overflow 50: 51',
    );
    assert.throws(() => assertAddressLimit(51), { message: 'Address limit overflow 50: 51' });
    assert.doesNotThrow(() => assertAddressLimit(50));
  });

  it('S159 chunk results are summed and their legs kept in order', () => {
    const total = sumRoutes([
      { distance: 1000, duration: 60, legDurations: [20, 40], legDistances: [400, 600], responses: [], approximate: false },
      { distance: 500, duration: 30, legDurations: [30], legDistances: [500], responses: [], approximate: false },
    ]);
    assertIncludes(total, { distance: 1500, duration: 90, legDurations: [20, 40, 30], approximate: false });
  });

  it('S108 S156 routing needs at least one address, all resolved', () => {
    assert.equal(canRoute([]), false);
    assert.equal(canRoute([{ geocodeResolved: true }, { geocodeResolved: false }]), false);
    assert.equal(canRoute([{ geocodeResolved: true }]), true);
  });
});
