import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dayInFrance,
  franceOffsetMinutes,
  instantInFrance,
  isoAtOffset,
  isoInFrance,
  readTimestamp,
  wallClockInFrance,
} from '../../src/domain/time/france-clock.ts';
import { defaultTravelDate, defaultTravelTime, nextQuarterHour } from '../../src/domain/time/defaults.ts';
import { isSelectableDay, quarterHourChoices } from '../../src/domain/time/choices.ts';
import { isLatestNextDay, moveStopsToDate, withEarliestTime, withLatestTime } from '../../src/domain/time/windows.ts';
import { estimateArrivals } from '../../src/domain/time/arrival.ts';
import { timeValueOf } from '../../src/domain/format-dates.ts';
import { makeStop } from '../../src/domain/entities/stop.ts';

// The expected figures come from the calendar and the rule France follows (EU directive
// 2000/84/EC): UTC+1, and UTC+2 from 01:00 UTC on the last Sunday of March to 01:00 UTC on
// the last Sunday of October. The tests compute those Sundays; no figure is read back from
// the code under test.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The last Sunday of a month (1-12), 'yyyy-MM-dd', found by walking back from the month's last day. */
function lastSunday(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0));
  while (day.getUTCDay() !== 0) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}
/** 01:00 UTC of a day: when France's clocks change. */
const changeAt = (day: string) => Date.parse(`${day}T01:00:00Z`);

describe('the clock in France without a dates library (spec §5, §9)', () => {
  it('S170 S106 the offset is +1 h in winter, +2 h in summer, changing at 01:00 UTC on the last Sundays of March and October', () => {
    for (let year = 2025; year <= 2035; year += 1) {
      const spring = changeAt(lastSunday(year, 3));
      const autumn = changeAt(lastSunday(year, 10));
      assert.equal(franceOffsetMinutes(spring - 1), 60, `${year}: before the spring change`);
      assert.equal(franceOffsetMinutes(spring), 120, `${year}: at the spring change`);
      assert.equal(franceOffsetMinutes(autumn - 1), 120, `${year}: before the autumn change`);
      assert.equal(franceOffsetMinutes(autumn), 60, `${year}: at the autumn change`);
      assert.equal(franceOffsetMinutes(Date.UTC(year, 0, 15, 12)), 60, `${year}: January`);
      assert.equal(franceOffsetMinutes(Date.UTC(year, 6, 15, 12)), 120, `${year}: July`);
    }
  });

  it('S170 S106 on the last Sunday of March no 02:xx exists: 01:59 is followed by 03:00', () => {
    const day = lastSunday(2027, 3); // 28 March 2027
    assert.equal(day, '2027-03-28');
    const change = changeAt(day);
    assert.equal(wallClockInFrance(change - MINUTE).time, '01:59');
    assert.equal(wallClockInFrance(change).time, '03:00');
    assert.equal(isoInFrance(change - HOUR), '2027-03-28T01:00:00+01:00');
    assert.equal(isoInFrance(change), '2027-03-28T03:00:00+02:00');
    // Its quarter hours: 96 less the four of 02:xx, and none of them is 02:xx.
    const choices = quarterHourChoices(day, Date.parse(`${lastSunday(2027, 3)}T00:00:00Z`) - 12 * HOUR);
    assert.equal(choices.length, 96 - 4);
    assert.equal(
      choices.some((time) => time.startsWith('02:')),
      false,
    );
    // A time that does not happen is read as if the clock had not moved yet: 02:30 is 01:30 UTC, 03:30 summer time.
    assert.equal(isoInFrance(instantInFrance(day, (2 * 60 + 30) * MINUTE)), '2027-03-28T03:30:00+02:00');
    assert.equal(instantInFrance(day, (3 * 60 + 0) * MINUTE), change);
  });

  it('S170 S106 on the last Sunday of October 02:00 to 02:59 happen twice: both read 02:xx, a chosen 02:30 is the first', () => {
    const day = lastSunday(2026, 10); // 25 October 2026
    assert.equal(day, '2026-10-25');
    const change = changeAt(day);
    // 00:30 UTC is 02:30 summer time; an hour later, 01:30 UTC is 02:30 winter time.
    assert.equal(wallClockInFrance(change - 30 * MINUTE).time, '02:30');
    assert.equal(wallClockInFrance(change + 30 * MINUTE).time, '02:30');
    assert.equal(isoInFrance(change - 30 * MINUTE), '2026-10-25T02:30:00+02:00');
    assert.equal(isoInFrance(change + 30 * MINUTE), '2026-10-25T02:30:00+01:00');
    assert.equal(instantInFrance(day, (2 * 60 + 30) * MINUTE), change - 30 * MINUTE);
    assert.equal(instantInFrance(day, 3 * 60 * MINUTE), change + HOUR);
    // 25 hours of quarter hours, each time of day offered once.
    const choices = quarterHourChoices(day, change - 24 * HOUR);
    assert.equal(choices.length, 96);
    assert.equal(new Set(choices).size, 96);
    // The stop times' choices after 02:40 summer time: 02:45 summer time first, then 02:00 winter time is not offered twice.
    const later = quarterHourChoices(day, change - 20 * MINUTE);
    assert.equal(later[0], '02:45');
    assert.equal(later.length, new Set(later).size);
  });

  it('S170 every quarter hour of a whole year reads back as the day and time it was made from, except the spring gap', () => {
    let roundTrips = 0;
    let gaps = 0;
    for (let date = new Date(Date.UTC(2027, 0, 1)); date.getUTCFullYear() === 2027; date.setUTCDate(date.getUTCDate() + 1)) {
      const day = date.toISOString().slice(0, 10);
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const back = wallClockInFrance(instantInFrance(day, minutes * MINUTE));
        if (back.day === day && back.time === time) roundTrips += 1;
        else {
          gaps += 1;
          assert.equal(day, lastSunday(2027, 3), `${day} ${time} read back as ${back.day} ${back.time}`);
          assert.match(time, /^02:/);
        }
      }
    }
    assert.equal(gaps, 4);
    assert.equal(roundTrips, 365 * 96 - 4);
  });

  it('S170 the default day and time take a Date or milliseconds as well as a luxon DateTime, on a summer day', () => {
    // 15 June 2027 is in summer time: 21:59 in Paris is 19:59 UTC.
    assert.equal(defaultTravelDate(new Date('2027-06-15T19:59:00Z')), '2027-06-15');
    assert.equal(defaultTravelDate(Date.parse('2027-06-15T20:00:00Z')), '2027-06-16');
    assert.equal(defaultTravelTime(new Date('2027-06-15T08:07:00Z')), '10:15');
    assert.equal(nextQuarterHour(Date.parse('2027-06-15T21:50:00Z')), '00:00');
    assert.equal(dayInFrance(new Date('2027-06-15T22:30:00Z')), '2027-06-16');
    assert.equal(dayInFrance('2027-06-15T21:59:00Z'), '2027-06-15');
    assert.equal(dayInFrance('pas une date'), '');
  });

  it('S107 a day is past once France has left it, whatever the instant’s zone', () => {
    // 31 December 2026, 23:30 UTC is already 1 January 2027 in Paris.
    const now = new Date('2026-12-31T23:30:00Z');
    assert.equal(isSelectableDay('2026-12-31', now), false);
    assert.equal(isSelectableDay('2027-01-01', now), true);
    assert.equal(isSelectableDay('2027-02-30', now), false);
  });

  it('S125 S128 timestamps keep the offset they were written with; one without an offset is a time in France', () => {
    assert.deepEqual(readTimestamp('2026-11-23T09:00:00+01:00'), { millis: Date.parse('2026-11-23T08:00:00Z'), offsetMinutes: 60 });
    assert.deepEqual(readTimestamp('2026-11-23T08:00:00Z'), { millis: Date.parse('2026-11-23T08:00:00Z'), offsetMinutes: 0 });
    assert.deepEqual(readTimestamp('2026-11-23T03:00-0500'), { millis: Date.parse('2026-11-23T08:00:00Z'), offsetMinutes: -300 });
    assert.deepEqual(readTimestamp('2026-11-23T10:00+02'), { millis: Date.parse('2026-11-23T08:00:00Z'), offsetMinutes: 120 });
    assert.deepEqual(readTimestamp('2027-06-15T10:00'), { millis: Date.parse('2027-06-15T08:00:00Z'), offsetMinutes: 120 });
    assert.equal(readTimestamp('2026-11-23T09:00:00.250+01:00')?.millis, Date.parse('2026-11-23T08:00:00.250Z'));
    assert.equal(readTimestamp('2026-02-30T09:00:00+01:00'), null);
    assert.equal(readTimestamp('demain'), null);
    assert.equal(isoAtOffset({ millis: Date.parse('2026-11-23T08:00:00Z'), offsetMinutes: 0 }), '2026-11-23T08:00:00Z');
    assert.equal(isoAtOffset({ millis: Date.parse('2026-11-23T08:00:00Z'), offsetMinutes: -300 }), '2026-11-23T03:00:00-05:00');
    assert.equal(isoAtOffset({ millis: Date.parse('2026-11-23T08:00:00.250Z'), offsetMinutes: 60 }), '2026-11-23T09:00:00.250+01:00');
    // Shown as France's clock says, whatever offset it was written with.
    assert.equal(timeValueOf('2026-11-23T08:00:00Z'), '09:00');
    assert.equal(timeValueOf('2027-06-15T08:00:00Z'), '10:00');
  });

  it('S079 S081 times chosen on the change days are stored at the offset of their own instant', () => {
    const stop = makeStop();
    // Spring: 01:45 is still winter time, 03:00 already summer time.
    assert.equal(withEarliestTime(stop, '2027-03-28', '01:45').timewindowEarliest, '2027-03-28T01:45:00+01:00');
    assert.equal(withEarliestTime(stop, '2027-03-28', '03:00').timewindowEarliest, '2027-03-28T03:00:00+02:00');
    // Autumn: a window from 01:00 summer time to 04:00 winter time lasts four hours.
    const window = withLatestTime(withEarliestTime(stop, '2026-10-25', '01:00'), '2026-10-25', '04:00');
    assert.deepEqual([window.timewindowEarliest, window.timewindowLatest], ['2026-10-25T01:00:00+02:00', '2026-10-25T04:00:00+01:00']);
    assert.equal(Date.parse(window.timewindowLatest!) - Date.parse(window.timewindowEarliest!), 4 * HOUR);
    assert.equal(isLatestNextDay(window, '2026-10-25'), false);
    // Moved to an ordinary winter day, the window keeps its length: 01:00 to 05:00.
    const moved = moveStopsToDate([window], '2026-11-08')[0]!;
    assert.deepEqual([moved.timewindowEarliest, moved.timewindowLatest], ['2026-11-08T01:00:00+01:00', '2026-11-08T05:00:00+01:00']);
  });

  it('S018 arrivals from a Date start are written in France at their own offsets across the autumn change', () => {
    // Leaving at 01:30 summer time (23:30 UTC the day before) with 60 min on site and a 60 min
    // drive: the arrival is 01:30 UTC, 02:30 winter time.
    const stops = [makeStop({ durationMin: 60 }), makeStop()];
    assert.deepEqual(estimateArrivals(stops, new Date('2026-10-24T23:30:00Z'), [3600]), [
      '2026-10-25T01:30:00+02:00',
      '2026-10-25T02:30:00+01:00',
    ]);
  });
});
