import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertIncludes } from './assertions.ts';
import { DateTime } from 'luxon';
import {
  applyAmplitude,
  migrateStopsToTimewindows,
  moveStopsToDate,
  pushLatestAfterEarliest,
  withEarliestTime,
  withLatestTime,
  isLatestNextDay,
} from '../../src/domain/time/windows.ts';
import { defaultTravelDate, defaultTravelTime, nextQuarterHour } from '../../src/domain/time/defaults.ts';
import { estimateArrivals } from '../../src/domain/time/arrival.ts';
import { isSeekDayEditable, isSelectableDay, quarterHourChoices, seekDayChoices } from '../../src/domain/time/choices.ts';
import { makeStop } from '../../src/domain/entities/stop.ts';
import { BOOKABLE_DAYS_AHEAD, bookableDaysFrom, lastBookableDay } from '../../src/domain/time/calendar-days.ts';

const paris = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/Paris' });

describe('dates and times (spec §4, §5, §9)', () => {
  const dateCases: [string, string][] = [
    ['2026-11-21T12:00', '2026-11-21'],
    ['2026-11-21T21:59', '2026-11-21'],
    ['2026-11-21T22:00', '2026-11-22'],
    ['2026-11-21T23:30', '2026-11-22'],
    ['2026-12-31T22:30', '2027-01-01'],
  ];
  for (const [now, day] of dateCases) {
    it(`S170 at ${now} the default date is ${day}`, () => assert.equal(defaultTravelDate(paris(now)), day));
  }

  const timeCases: [string, string][] = [
    ['2026-11-21T12:00', '12:15'],
    ['2026-11-21T12:07', '12:15'],
    ['2026-11-21T12:14:59', '12:15'],
    ['2026-11-21T21:50', '22:00'],
    ['2026-11-21T22:59', '23:00'],
    ['2026-11-21T23:00', '07:00'],
    ['2026-11-21T23:59', '07:00'],
  ];
  for (const [now, time] of timeCases) {
    it(`S170 at ${now} the default time is ${time}`, () => assert.equal(defaultTravelTime(paris(now)), time));
  }

  // France changes clocks on the last Sunday of March (02:00 → 03:00) and of October (03:00 → 02:00).
  it('S170 S106 on the spring change day, 01:50 is followed by 03:00 and no 02:xx is offered', () => {
    const beforeChange = DateTime.fromISO('2027-03-28T00:50:00Z'); // 01:50 in Paris, UTC+1
    assert.equal(nextQuarterHour(beforeChange), '03:00');
    assert.equal(defaultTravelTime(beforeChange), '03:00');
    assert.equal(defaultTravelDate(beforeChange), '2027-03-28');
    const choices = quarterHourChoices('2027-03-28', paris('2027-03-27T12:00'));
    assert.equal(choices.length, 92);
    assert.deepEqual(choices.slice(6, 10), ['01:30', '01:45', '03:00', '03:15']);
  });

  it('S170 S106 on the autumn change day, 02:xx exists twice but is offered once, and 22:00 still means tomorrow', () => {
    const choices = quarterHourChoices('2026-10-25', paris('2026-10-24T12:00'));
    assert.equal(choices.length, 96);
    assert.equal(new Set(choices).size, 96);
    // 02:50 summer time (00:50 UTC), then the clock goes back: 01:00 UTC is 02:00 winter time.
    assert.equal(nextQuarterHour(DateTime.fromISO('2026-10-25T00:50:00Z')), '02:00');
    assert.equal(defaultTravelDate(DateTime.fromISO('2026-10-25T21:00:00Z')), '2026-10-26'); // 22:00 winter time
    assert.equal(defaultTravelDate(DateTime.fromISO('2026-10-25T20:59:00Z')), '2026-10-25');
    assert.equal(defaultTravelTime(DateTime.fromISO('2026-10-25T22:00:00Z')), '07:00'); // 23:00 winter time
  });

  it('S170 in summer time the edges are the same local hours (22:00 and 23:00 in Paris, UTC+2)', () => {
    assert.equal(defaultTravelDate(DateTime.fromISO('2027-06-15T19:59:00Z')), '2027-06-15');
    assert.equal(defaultTravelDate(DateTime.fromISO('2027-06-15T20:00:00Z')), '2027-06-16');
    assert.equal(defaultTravelTime(DateTime.fromISO('2027-06-15T20:59:00Z')), '23:00');
    assert.equal(defaultTravelTime(DateTime.fromISO('2027-06-15T21:00:00Z')), '07:00');
  });

  it('S079 S081 a window across midnight (22:00 to 01:00) ends the next day, and keeps doing so when the date moves', () => {
    const at22 = withEarliestTime(makeStop(), '2026-12-04', '22:00');
    const window = withLatestTime(at22, '2026-12-04', '01:00', true);
    assert.equal(window.timewindowEarliest, '2026-12-04T22:00:00+01:00');
    assert.equal(window.timewindowLatest, '2026-12-05T01:00:00+01:00');
    assert.equal(isLatestNextDay(window, '2026-12-04'), true);
    const moved = moveStopsToDate([window], '2026-12-10')[0]!;
    assert.deepEqual([moved.timewindowEarliest, moved.timewindowLatest], ['2026-12-10T22:00:00+01:00', '2026-12-11T01:00:00+01:00']);
    // 01:00 on the same day comes before 22:00: never stored so, it is pushed to earliest + 180 minutes (spec §4).
    const sameDay = withLatestTime(at22, '2026-12-04', '01:00');
    assert.equal(DateTime.fromISO(sameDay.timewindowLatest!) > DateTime.fromISO(sameDay.timewindowEarliest!), true);
    assert.equal(sameDay.timewindowLatest, '2026-12-05T01:00:00+01:00');
  });

  it('S170 the clock is read in France whatever the visitor zone', () => {
    const utc = DateTime.fromISO('2026-11-21T21:30', { zone: 'UTC' }); // 22:30 in Paris
    assert.equal(defaultTravelDate(utc), '2026-11-22');
    assert.equal(nextQuarterHour(utc), '22:45');
  });

  it('S106 S169 time choices are quarter hours strictly after the earliest allowed time', () => {
    const earliest = paris('2026-11-21T10:07');
    const today = quarterHourChoices('2026-11-21', earliest);
    assert.equal(today[0], '10:15');
    assert.equal(today[today.length - 1], '23:45');
    assert.equal(quarterHourChoices('2026-11-21', paris('2026-11-21T10:15'))[0], '10:30');
    const tomorrow = quarterHourChoices('2026-11-22', earliest);
    assert.equal(tomorrow.length, 96);
    assert.deepEqual(tomorrow.slice(0, 3), ['00:00', '00:15', '00:30']);
    assert.deepEqual(quarterHourChoices('2026-11-20', earliest), []);
  });

  it('S107 past days cannot be chosen', () => {
    const now = paris('2026-11-21T10:00');
    assert.equal(isSelectableDay('2026-11-20', now), false);
    assert.equal(isSelectableDay('2026-11-21', now), true);
    assert.equal(isSelectableDay('2027-02-01', now), true);
    assert.equal(isSelectableDay('pas une date', now), false);
  });

  it('S169 seek days are J+0 to J+6, not editable on the first stop', () => {
    assert.deepEqual(
      seekDayChoices().map((choice) => choice.label),
      ['J+0', 'J+1', 'J+2', 'J+3', 'J+4', 'J+5', 'J+6'],
    );
    assert.equal(isSeekDayEditable(0), false);
    assert.equal(isSeekDayEditable(1), true);
  });

  it('S081 an earliest later than the latest pushes the latest to earliest + 180 minutes', () => {
    const stop = makeStop({ timewindowEarliest: '2026-11-21T14:00:00+01:00', timewindowLatest: '2026-11-21T12:00:00+01:00' });
    assert.equal(pushLatestAfterEarliest(stop).timewindowLatest, '2026-11-21T17:00:00+01:00');
    const fine = makeStop({ timewindowEarliest: '2026-11-21T10:00:00+01:00', timewindowLatest: '2026-11-21T12:00:00+01:00' });
    assert.equal(pushLatestAfterEarliest(fine), fine);
    const equal = makeStop({ timewindowEarliest: '2026-11-21T10:00:00+01:00', timewindowLatest: '2026-11-21T10:00:00+01:00' });
    assert.equal(pushLatestAfterEarliest(equal), equal);
  });

  it('S081 setting an earliest time on a J+2 stop uses its day and pushes the latest', () => {
    const stop = makeStop({ seekDays: 2, timewindowLatest: '2026-11-23T09:00:00+01:00' });
    const updated = withEarliestTime(stop, '2026-11-21', '10:30');
    assert.equal(updated.timewindowEarliest, '2026-11-23T10:30:00+01:00');
    assert.equal(updated.timewindowLatest, '2026-11-23T13:30:00+01:00');
  });

  it('S079 changing the customer date moves every stop date, keeping times and day offsets', () => {
    const stops = [
      makeStop({ timewindowEarliest: '2026-11-21T08:00:00+01:00', timewindowLatest: '2026-11-21T11:00:00+01:00' }),
      makeStop({ seekDays: 1, timewindowEarliest: '2026-11-22T14:15:00+01:00', timewindowLatest: null }),
    ];
    const moved = moveStopsToDate(stops, '2026-12-03');
    assert.deepEqual(
      moved.map((s) => [s.timewindowEarliest, s.timewindowLatest]),
      [
        ['2026-12-03T08:00:00+01:00', '2026-12-03T11:00:00+01:00'],
        ['2026-12-04T14:15:00+01:00', null],
      ],
    );
  });

  it('S079 moving across the summer time change keeps the local time', () => {
    const moved = moveStopsToDate([makeStop({ timewindowEarliest: '2026-11-21T08:00:00+01:00' })], '2027-06-10');
    assert.equal(moved[0]!.timewindowEarliest, '2027-06-10T08:00:00+02:00');
  });

  it('S075 amplitude_hour sets every earliest to the first stop earliest and latest to earliest + amplitude', () => {
    const stops = [
      makeStop({ timewindowEarliest: '2026-11-21T08:00:00+01:00' }),
      makeStop({ timewindowEarliest: '2026-11-21T13:00:00+01:00', timewindowLatest: '2026-11-21T14:00:00+01:00' }),
    ];
    const applied = applyAmplitude(stops, 4.5);
    for (const stop of applied) {
      assert.equal(stop.timewindowEarliest, '2026-11-21T08:00:00+01:00');
      assert.equal(stop.timewindowLatest, '2026-11-21T12:30:00+01:00');
    }
  });

  it('S080 migrating to time windows opens each window at the planned arrival for 180 minutes', () => {
    const stops = [
      makeStop({ estimatedArrivalTime: '2026-11-21T09:20:00+01:00' }),
      makeStop({ timewindowEarliest: '2026-11-21T11:00:00+01:00', timewindowLatest: '2026-11-21T12:00:00+01:00' }),
    ];
    const migrated = migrateStopsToTimewindows(stops);
    assertIncludes(migrated[0], { timewindowEarliest: '2026-11-21T09:20:00+01:00', timewindowLatest: '2026-11-21T12:20:00+01:00' });
    assertIncludes(migrated[1], { timewindowEarliest: '2026-11-21T11:00:00+01:00', timewindowLatest: '2026-11-21T12:00:00+01:00' });
  });

  it('S018 arrival estimates add minutes on site and leg durations, waiting for a later window', () => {
    const stops = [
      makeStop({ durationMin: 30 }),
      makeStop({ durationMin: 10 }),
      makeStop({ timewindowEarliest: '2026-11-21T11:00:00+01:00' }),
    ];
    const arrivals = estimateArrivals(stops, paris('2026-11-21T08:00'), [1800, 600]);
    assert.deepEqual(arrivals, ['2026-11-21T08:00:00+01:00', '2026-11-21T09:00:00+01:00', '2026-11-21T11:00:00+01:00']);
  });

  it('S018 arrival estimates carry the offset of their own instant when the clocks change during the trip', () => {
    // France goes from +01:00 to +02:00 at 02:00 on Sunday 28 March 2027: leaving at 01:00
    // (00:00 UTC) with 30 min on site and a 90 min drive arrives at 02:00 UTC, 04:00 in Paris.
    const stops = [makeStop({ durationMin: 30 }), makeStop()];
    assert.deepEqual(estimateArrivals(stops, paris('2027-03-28T01:00'), [5400]), [
      '2027-03-28T01:00:00+01:00',
      '2027-03-28T04:00:00+02:00',
    ]);
  });
});

describe('how far ahead a day can be booked', () => {
  it('one year to the same date, across a 29 February too, and the 28th after a 29th', () => {
    // The same date a year later, counted by the calendar (luxon's years), not as 365 days.
    for (const today of ['2026-12-07', '2027-03-08', '2027-02-28', '2028-02-29', '2027-12-31']) {
      const expected = DateTime.fromISO(today).plus({ years: 1 }).toISODate();
      assert.equal(lastBookableDay(today), expected, today);
      const days = bookableDaysFrom(today);
      assert.equal(days[0], today);
      assert.equal(days.at(-1), expected);
      assert.equal(days.length, DateTime.fromISO(expected!).diff(DateTime.fromISO(today), 'days').days + 1);
      assert.ok(days.length <= BOOKABLE_DAYS_AHEAD);
    }
  });
});
