import { expect } from '@open-wc/testing';
import { DateTime } from 'luxon';
import {
  applyAmplitude,
  defaultTravelDate,
  defaultTravelTime,
  estimateArrivals,
  isSeekDayEditable,
  isSelectableDay,
  makeStop,
  migrateStopsToTimewindows,
  moveStopsToDate,
  nextQuarterHour,
  pushLatestAfterEarliest,
  quarterHourChoices,
  seekDayChoices,
  withEarliestTime,
  withLatestTime,
  isLatestNextDay,
} from '../../src/domain/index.ts';

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
    it(`S170 at ${now} the default date is ${day}`, () => expect(defaultTravelDate(paris(now))).to.equal(day));
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
    it(`S170 at ${now} the default time is ${time}`, () => expect(defaultTravelTime(paris(now))).to.equal(time));
  }

  // France changes clocks on the last Sunday of March (02:00 → 03:00) and of October (03:00 → 02:00).
  it('S170 S106 on the spring change day, 01:50 is followed by 03:00 and no 02:xx is offered', () => {
    const beforeChange = DateTime.fromISO('2027-03-28T00:50:00Z'); // 01:50 in Paris, UTC+1
    expect(nextQuarterHour(beforeChange)).to.equal('03:00');
    expect(defaultTravelTime(beforeChange)).to.equal('03:00');
    expect(defaultTravelDate(beforeChange)).to.equal('2027-03-28');
    const choices = quarterHourChoices('2027-03-28', paris('2027-03-27T12:00'));
    expect(choices).to.have.length(92);
    expect(choices.slice(6, 10)).to.deep.equal(['01:30', '01:45', '03:00', '03:15']);
  });

  it('S170 S106 on the autumn change day, 02:xx exists twice but is offered once, and 22:00 still means tomorrow', () => {
    const choices = quarterHourChoices('2026-10-25', paris('2026-10-24T12:00'));
    expect(choices).to.have.length(96);
    expect(new Set(choices).size).to.equal(96);
    // 02:50 summer time (00:50 UTC), then the clock goes back: 01:00 UTC is 02:00 winter time.
    expect(nextQuarterHour(DateTime.fromISO('2026-10-25T00:50:00Z'))).to.equal('02:00');
    expect(defaultTravelDate(DateTime.fromISO('2026-10-25T21:00:00Z'))).to.equal('2026-10-26'); // 22:00 winter time
    expect(defaultTravelDate(DateTime.fromISO('2026-10-25T20:59:00Z'))).to.equal('2026-10-25');
    expect(defaultTravelTime(DateTime.fromISO('2026-10-25T22:00:00Z'))).to.equal('07:00'); // 23:00 winter time
  });

  it('S170 in summer time the edges are the same local hours (22:00 and 23:00 in Paris, UTC+2)', () => {
    expect(defaultTravelDate(DateTime.fromISO('2027-06-15T19:59:00Z'))).to.equal('2027-06-15');
    expect(defaultTravelDate(DateTime.fromISO('2027-06-15T20:00:00Z'))).to.equal('2027-06-16');
    expect(defaultTravelTime(DateTime.fromISO('2027-06-15T20:59:00Z'))).to.equal('23:00');
    expect(defaultTravelTime(DateTime.fromISO('2027-06-15T21:00:00Z'))).to.equal('07:00');
  });

  it('S079 S081 a window across midnight (22:00 to 01:00) ends the next day, and keeps doing so when the date moves', () => {
    const at22 = withEarliestTime(makeStop(), '2026-12-04', '22:00');
    const window = withLatestTime(at22, '2026-12-04', '01:00', true);
    expect(window.timewindowEarliest).to.equal('2026-12-04T22:00:00+01:00');
    expect(window.timewindowLatest).to.equal('2026-12-05T01:00:00+01:00');
    expect(isLatestNextDay(window, '2026-12-04')).to.equal(true);
    const moved = moveStopsToDate([window], '2026-12-10')[0]!;
    expect([moved.timewindowEarliest, moved.timewindowLatest]).to.deep.equal(['2026-12-10T22:00:00+01:00', '2026-12-11T01:00:00+01:00']);
    // 01:00 on the same day comes before 22:00: never stored so, it is pushed to earliest + 180 minutes (spec §4).
    const sameDay = withLatestTime(at22, '2026-12-04', '01:00');
    expect(DateTime.fromISO(sameDay.timewindowLatest!) > DateTime.fromISO(sameDay.timewindowEarliest!)).to.equal(true);
    expect(sameDay.timewindowLatest).to.equal('2026-12-05T01:00:00+01:00');
  });

  it('S170 the clock is read in France whatever the visitor zone', () => {
    const utc = DateTime.fromISO('2026-11-21T21:30', { zone: 'UTC' }); // 22:30 in Paris
    expect(defaultTravelDate(utc)).to.equal('2026-11-22');
    expect(nextQuarterHour(utc)).to.equal('22:45');
  });

  it('S106 S169 time choices are quarter hours strictly after the earliest allowed time', () => {
    const earliest = paris('2026-11-21T10:07');
    const today = quarterHourChoices('2026-11-21', earliest);
    expect(today[0]).to.equal('10:15');
    expect(today[today.length - 1]).to.equal('23:45');
    expect(quarterHourChoices('2026-11-21', paris('2026-11-21T10:15'))[0]).to.equal('10:30');
    const tomorrow = quarterHourChoices('2026-11-22', earliest);
    expect(tomorrow).to.have.length(96);
    expect(tomorrow.slice(0, 3)).to.deep.equal(['00:00', '00:15', '00:30']);
    expect(quarterHourChoices('2026-11-20', earliest)).to.deep.equal([]);
  });

  it('S107 past days cannot be chosen', () => {
    const now = paris('2026-11-21T10:00');
    expect(isSelectableDay('2026-11-20', now)).to.equal(false);
    expect(isSelectableDay('2026-11-21', now)).to.equal(true);
    expect(isSelectableDay('2027-02-01', now)).to.equal(true);
    expect(isSelectableDay('pas une date', now)).to.equal(false);
  });

  it('S169 seek days are J+0 to J+6, not editable on the first stop', () => {
    expect(seekDayChoices().map((choice) => choice.label)).to.deep.equal(['J+0', 'J+1', 'J+2', 'J+3', 'J+4', 'J+5', 'J+6']);
    expect(isSeekDayEditable(0)).to.equal(false);
    expect(isSeekDayEditable(1)).to.equal(true);
  });

  it('S081 an earliest later than the latest pushes the latest to earliest + 180 minutes', () => {
    const stop = makeStop({ timewindowEarliest: '2026-11-21T14:00:00+01:00', timewindowLatest: '2026-11-21T12:00:00+01:00' });
    expect(pushLatestAfterEarliest(stop).timewindowLatest).to.equal('2026-11-21T17:00:00+01:00');
    const fine = makeStop({ timewindowEarliest: '2026-11-21T10:00:00+01:00', timewindowLatest: '2026-11-21T12:00:00+01:00' });
    expect(pushLatestAfterEarliest(fine)).to.equal(fine);
    const equal = makeStop({ timewindowEarliest: '2026-11-21T10:00:00+01:00', timewindowLatest: '2026-11-21T10:00:00+01:00' });
    expect(pushLatestAfterEarliest(equal)).to.equal(equal);
  });

  it('S081 setting an earliest time on a J+2 stop uses its day and pushes the latest', () => {
    const stop = makeStop({ seekDays: 2, timewindowLatest: '2026-11-23T09:00:00+01:00' });
    const updated = withEarliestTime(stop, '2026-11-21', '10:30');
    expect(updated.timewindowEarliest).to.equal('2026-11-23T10:30:00+01:00');
    expect(updated.timewindowLatest).to.equal('2026-11-23T13:30:00+01:00');
  });

  it('S079 changing the customer date moves every stop date, keeping times and day offsets', () => {
    const stops = [
      makeStop({ timewindowEarliest: '2026-11-21T08:00:00+01:00', timewindowLatest: '2026-11-21T11:00:00+01:00' }),
      makeStop({ seekDays: 1, timewindowEarliest: '2026-11-22T14:15:00+01:00', timewindowLatest: null }),
    ];
    const moved = moveStopsToDate(stops, '2026-12-03');
    expect(moved.map((s) => [s.timewindowEarliest, s.timewindowLatest])).to.deep.equal([
      ['2026-12-03T08:00:00+01:00', '2026-12-03T11:00:00+01:00'],
      ['2026-12-04T14:15:00+01:00', null],
    ]);
  });

  it('S079 moving across the summer time change keeps the local time', () => {
    const moved = moveStopsToDate([makeStop({ timewindowEarliest: '2026-11-21T08:00:00+01:00' })], '2027-06-10');
    expect(moved[0]!.timewindowEarliest).to.equal('2027-06-10T08:00:00+02:00');
  });

  it('S075 amplitude_hour sets every earliest to the first stop earliest and latest to earliest + amplitude', () => {
    const stops = [
      makeStop({ timewindowEarliest: '2026-11-21T08:00:00+01:00' }),
      makeStop({ timewindowEarliest: '2026-11-21T13:00:00+01:00', timewindowLatest: '2026-11-21T14:00:00+01:00' }),
    ];
    const applied = applyAmplitude(stops, 4.5);
    for (const stop of applied) {
      expect(stop.timewindowEarliest).to.equal('2026-11-21T08:00:00+01:00');
      expect(stop.timewindowLatest).to.equal('2026-11-21T12:30:00+01:00');
    }
  });

  it('S080 migrating to time windows opens each window at the planned arrival for 180 minutes', () => {
    const stops = [
      makeStop({ estimatedArrivalTime: '2026-11-21T09:20:00+01:00' }),
      makeStop({ timewindowEarliest: '2026-11-21T11:00:00+01:00', timewindowLatest: '2026-11-21T12:00:00+01:00' }),
    ];
    const migrated = migrateStopsToTimewindows(stops);
    expect(migrated[0]).to.include({ timewindowEarliest: '2026-11-21T09:20:00+01:00', timewindowLatest: '2026-11-21T12:20:00+01:00' });
    expect(migrated[1]).to.include({ timewindowEarliest: '2026-11-21T11:00:00+01:00', timewindowLatest: '2026-11-21T12:00:00+01:00' });
  });

  it('S018 arrival estimates add minutes on site and leg durations, waiting for a later window', () => {
    const stops = [
      makeStop({ durationMin: 30 }),
      makeStop({ durationMin: 10 }),
      makeStop({ timewindowEarliest: '2026-11-21T11:00:00+01:00' }),
    ];
    const arrivals = estimateArrivals(stops, paris('2026-11-21T08:00'), [1800, 600]);
    expect(arrivals).to.deep.equal(['2026-11-21T08:00:00+01:00', '2026-11-21T09:00:00+01:00', '2026-11-21T11:00:00+01:00']);
  });

  it('S018 arrival estimates carry the offset of their own instant when the clocks change during the trip', () => {
    // France goes from +01:00 to +02:00 at 02:00 on Sunday 28 March 2027: leaving at 01:00
    // (00:00 UTC) with 30 min on site and a 90 min drive arrives at 02:00 UTC, 04:00 in Paris.
    const stops = [makeStop({ durationMin: 30 }), makeStop()];
    expect(estimateArrivals(stops, paris('2027-03-28T01:00'), [5400])).to.deep.equal([
      '2027-03-28T01:00:00+01:00',
      '2027-03-28T04:00:00+02:00',
    ]);
  });
});
