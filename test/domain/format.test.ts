import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatClock, formatDistance, formatDuration, formatPercent, formatPhone, formatVolume } from '../../src/domain/format.ts';
import { formatDateAndTime, formatLongDate, formatShortDate } from '../../src/domain/format-dates.ts';

// French typography of UX.md §7: a no-break space (U+00A0) joins a number to its unit, so
// '14 h 30' or '5,6 m³' never breaks over two lines.
const NBSP = '\u00a0';

describe('French formats shown to people (UX §7)', () => {
  it("writes every time of day one way: '14 h 30', '8 h 05', '14 h'", () => {
    assert.equal(formatClock('14:30'), `14${NBSP}h${NBSP}30`);
    assert.equal(formatClock('08:05'), `8${NBSP}h${NBSP}05`);
    assert.equal(formatClock('14:00'), `14${NBSP}h`);
    assert.equal(formatClock('00:00'), `0${NBSP}h`);
  });

  it("writes durations in hours and minutes: '7 h 32 min', '45 min', '2 h'", () => {
    assert.equal(formatDuration((7 * 60 + 32) * 60), `7${NBSP}h 32${NBSP}min`);
    assert.equal(formatDuration(45 * 60), `45${NBSP}min`);
    assert.equal(formatDuration(2 * 3600), `2${NBSP}h`);
  });

  it("writes dates in words, the first of the month as '1er'", () => {
    assert.equal(formatLongDate('2026-11-23'), 'lundi 23 novembre 2026');
    assert.equal(formatLongDate('2026-12-01'), 'mardi 1er décembre 2026');
    assert.equal(formatShortDate('2026-12-01'), 'mar. 1er déc.');
    assert.equal(formatDateAndTime('2026-12-15', '14:30'), `mardi 15 décembre 2026 à 14${NBSP}h${NBSP}30`);
    assert.equal(formatDateAndTime('2026-12-15', ''), 'mardi 15 décembre 2026');
  });

  it('writes volumes with a decimal comma, to the hundredth: one rounding for every volume shown (issue 55)', () => {
    // 3 × 0.35 m³ = 1.05 m³, shown as declared, never 1,1 nor 1; 3,4 m³ never 3.
    assert.equal(formatVolume(3 * 0.35), `1,05${NBSP}m³`);
    assert.equal(formatVolume(3.4), `3,4${NBSP}m³`);
    assert.equal(formatVolume(13.9), `13,9${NBSP}m³`);
    assert.equal(formatVolume(5.6), `5,6${NBSP}m³`);
    assert.equal(formatVolume(2), `2${NBSP}m³`);
  });

  it('writes distances and percentages the French way', () => {
    assert.equal(formatDistance(12_345), `12${NBSP}km`);
    assert.equal(formatDistance(5_650), `5,7${NBSP}km`);
    assert.equal(formatPercent(69.6), `70${NBSP}%`);
  });

  it('shows a French phone number in pairs and leaves any other number as typed', () => {
    assert.equal(formatPhone('0611223344'), ['06', '11', '22', '33', '44'].join(NBSP));
    assert.equal(formatPhone('+33611223344'), '+33611223344');
    assert.equal(formatPhone('12345678'), '12345678');
  });
});
