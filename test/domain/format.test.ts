import { expect } from '@open-wc/testing';
import {
  formatClock,
  formatDateAndTime,
  formatDistance,
  formatDuration,
  formatLongDate,
  formatPercent,
  formatPhone,
  formatShortDate,
  formatVolume,
} from '../../src/domain/index.ts';

// French typography of UX.md §7: a no-break space (U+00A0) joins a number to its unit, so
// '14 h 30' or '5,6 m³' never breaks over two lines.
const NBSP = '\u00a0';

describe('French formats shown to people (UX §7)', () => {
  it("writes every time of day one way: '14 h 30', '8 h 05', '14 h'", () => {
    expect(formatClock('14:30')).to.equal(`14${NBSP}h${NBSP}30`);
    expect(formatClock('08:05')).to.equal(`8${NBSP}h${NBSP}05`);
    expect(formatClock('14:00')).to.equal(`14${NBSP}h`);
    expect(formatClock('00:00')).to.equal(`0${NBSP}h`);
  });

  it("writes durations in hours and minutes: '7 h 32 min', '45 min', '2 h'", () => {
    expect(formatDuration((7 * 60 + 32) * 60)).to.equal(`7${NBSP}h 32${NBSP}min`);
    expect(formatDuration(45 * 60)).to.equal(`45${NBSP}min`);
    expect(formatDuration(2 * 3600)).to.equal(`2${NBSP}h`);
  });

  it("writes dates in words, the first of the month as '1er'", () => {
    expect(formatLongDate('2026-11-23')).to.equal('lundi 23 novembre 2026');
    expect(formatLongDate('2026-12-01')).to.equal('mardi 1er décembre 2026');
    expect(formatShortDate('2026-12-01')).to.equal('mar. 1er déc.');
    expect(formatDateAndTime('2026-12-15', '14:30')).to.equal(`mardi 15 décembre 2026 à 14${NBSP}h${NBSP}30`);
    expect(formatDateAndTime('2026-12-15', '')).to.equal('mardi 15 décembre 2026');
  });

  it('writes volumes with a decimal comma, one decimal as the pricing rounds them', () => {
    // 3 × 0.35 m³ = 1.05 m³: the pricing rounds to one decimal (1.1), and so does every screen.
    expect(formatVolume(3 * 0.35)).to.equal(`1,1${NBSP}m³`);
    expect(formatVolume(5.6)).to.equal(`5,6${NBSP}m³`);
    expect(formatVolume(2)).to.equal(`2${NBSP}m³`);
  });

  it('writes distances and percentages the French way', () => {
    expect(formatDistance(12_345)).to.equal(`12${NBSP}km`);
    expect(formatDistance(5_650)).to.equal(`5,7${NBSP}km`);
    expect(formatPercent(69.6)).to.equal(`70${NBSP}%`);
  });

  it('shows a French phone number in pairs and leaves any other number as typed', () => {
    expect(formatPhone('0611223344')).to.equal(['06', '11', '22', '33', '44'].join(NBSP));
    expect(formatPhone('+33611223344')).to.equal('+33611223344');
    expect(formatPhone('12345678')).to.equal('12345678');
  });
});
