import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { isIsoDateTime, isIsoDay } from '../../src/domain/time/iso.ts';
import { StopSchema } from '../../src/domain/entities/stop.ts';
import * as v from 'valibot';

// Dates a stop or a booking carries (spec §7: timewindow_earliest, timewindow_latest,
// beginning_date…): accepted when luxon's toISO() could have written them and the day exists.
describe('ISO dates and times checked without a date library (spec §4, §7)', () => {
  const accepted = [
    '2026-11-23T09:00:00.000+01:00',
    '2026-11-23T09:00:00+01:00',
    '2026-11-23T09:00+01:00',
    '2026-11-23T09:00:00Z',
    '2026-11-23T23:59:59.999-05:30',
    '2028-02-29T12:00:00+01:00',
    '2000-02-29T12:00:00+01:00',
    '2026-11-23T09:00:00',
    '2026-11-23',
  ];
  const refused = [
    '',
    'demain',
    '2026-02-29T12:00:00+01:00',
    '2100-02-29T12:00:00+01:00',
    '2026-04-31T12:00:00+01:00',
    '2026-13-01T12:00:00+01:00',
    '2026-00-10T12:00:00+01:00',
    '2026-11-00T12:00:00+01:00',
    '2026-11-23T24:00:00+01:00',
    '2026-11-23T09:60:00+01:00',
    '2026-11-23T09:00:60+01:00',
    '2026-11-23T09:00:00+25:00',
    '2026-11-23 09:00:00',
    '23/11/2026',
    '2026-11-23T09:00:00+01:00 ',
  ];
  for (const value of accepted) it(`S125 S128 accepts ${value}`, () => assert.equal(isIsoDateTime(value), true));
  for (const value of refused) it(`S125 S128 refuses '${value}'`, () => assert.equal(isIsoDateTime(value), false));

  it('S125 S128 agrees with luxon on every day of a leap year and a common year, at each hour', () => {
    for (const year of [2027, 2028]) {
      for (let month = 1; month <= 12; month += 1) {
        for (let day = 1; day <= 31; day += 1) {
          const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          assert.equal(isIsoDay(date), DateTime.fromISO(date).isValid, date);
          for (const time of ['00:00:00', '12:30:15.250', '23:59:59']) {
            const stamp = `${date}T${time}+02:00`;
            assert.equal(isIsoDateTime(stamp), DateTime.fromISO(stamp, { setZone: true }).isValid, stamp);
          }
        }
      }
    }
  });

  it('S125 S128 a stop with an impossible time window is refused with a French message', () => {
    const result = v.safeParse(StopSchema, { uid: 'a', timewindowEarliest: '2026-02-30T09:00:00+01:00' });
    assert.equal(result.success, false);
    assert.ok(result.issues?.map((issue) => issue.message).includes('Date et heure invalides'));
  });
});
