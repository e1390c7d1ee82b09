// The customer's page's steps (issue 46, part 4), from the booking's facts and one clock, by
// tables: each row a booking as it stands and the steps its customer reads. Instants are
// written out in France's time, never computed by the function under test.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bookingSteps, type StepFacts } from '../../follow/booking-steps.ts';

const MOVE = '2026-12-10T09:00:00+01:00';
const at = (iso: string) => Date.parse(iso);
const base: StepFacts = {
  state: 'new',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  refusalReason: null,
  changedAt: null,
  counterOffer: null,
  acceptance: null,
  deposit: null,
  beginningDate: MOVE,
  endingDate: null,
  editCloseDays: 2,
  now: at('2026-11-27T12:00:00+01:00'),
};

/** key:status, in order: what the page lists. */
const shape = (facts: Partial<StepFacts>) =>
  bookingSteps({ ...base, ...facts })
    .steps.map((step) => `${step.key}:${step.status}`)
    .join(' ');

describe('the steps of a booking, as its customer’s page lists them', () => {
  const rows: [string, Partial<StepFacts>, string][] = [
    ['a new booking', {}, 'recue:done acceptee:current devis-signe:upcoming veille:upcoming terminee:upcoming'],
    [
      'accepted',
      { state: 'accepted', decidedAt: '2026-11-21T08:00:00.000Z' },
      'recue:done acceptee:done devis-signe:current veille:upcoming terminee:upcoming',
    ],
    [
      'refused: the list ends there',
      { state: 'refused', decidedAt: '2026-11-21T08:00:00.000Z', refusalReason: 'Complet' },
      'recue:done acceptee:stopped',
    ],
    [
      'edited after its acceptance',
      { state: 'review', changedAt: '2026-11-25T08:00:00.000Z' },
      'recue:done acceptee:current devis-signe:upcoming veille:upcoming terminee:upcoming',
    ],
    [
      'signed, with a deposit to pay',
      { state: 'accepted', acceptance: { at: '2026-11-22T08:00:00.000Z', name: 'Marie Curie' }, deposit: { paidAt: null } },
      'recue:done acceptee:done devis-signe:done acompte-paye:current veille:upcoming terminee:upcoming',
    ],
    [
      'deposit paid, the day before the move from midnight in France',
      {
        state: 'accepted',
        acceptance: { at: '2026-11-22T08:00:00.000Z', name: 'Marie Curie' },
        deposit: { paidAt: '2026-11-23T08:00:00.000Z' },
        now: at('2026-12-09T00:00:00+01:00'),
      },
      'recue:done acceptee:done devis-signe:done acompte-paye:done veille:done terminee:current',
    ],
    [
      'one millisecond before the day before',
      { state: 'accepted', now: at('2026-12-09T00:00:00+01:00') - 1 },
      'recue:done acceptee:done devis-signe:current veille:upcoming terminee:upcoming',
    ],
    [
      'over from the midnight after the move’s day',
      { state: 'accepted', now: at('2026-12-11T00:00:00+01:00') },
      'recue:done acceptee:done devis-signe:skipped veille:done terminee:done',
    ],
    [
      'over after the last day of a move on two days',
      { state: 'accepted', endingDate: '2026-12-11T18:00:00+01:00', now: at('2026-12-11T23:00:00+01:00') },
      'recue:done acceptee:done devis-signe:skipped veille:done terminee:current',
    ],
    [
      'a devis signed, a deposit never paid online: past the day before, it is no longer what comes next',
      {
        state: 'accepted',
        acceptance: { at: '2026-11-22T08:00:00.000Z', name: 'Marie Curie' },
        deposit: { paidAt: null },
        now: at('2026-12-09T08:00:00+01:00'),
      },
      'recue:done acceptee:done devis-signe:done acompte-paye:skipped veille:done terminee:current',
    ],
    [
      'signed and paid before the carrier accepted: its acceptance is still what comes next',
      {
        acceptance: { at: '2026-11-22T08:00:00.000Z', name: 'Marie Curie' },
        deposit: { paidAt: '2026-11-23T08:00:00.000Z' },
      },
      'recue:done acceptee:current devis-signe:done acompte-paye:done veille:upcoming terminee:upcoming',
    ],
    [
      'a booking nobody accepted is never said to be done',
      { state: 'new', now: at('2026-12-12T00:00:00+01:00') },
      'recue:done acceptee:current devis-signe:upcoming veille:upcoming terminee:upcoming',
    ],
  ];
  for (const [name, facts, expected] of rows) it(name, () => assert.equal(shape(facts), expected));

  it('names the decision: the refusal’s reason, a counter-offer’s day, the booking to accept again', () => {
    const refused = bookingSteps({ ...base, state: 'refused', refusalReason: 'Aucun camion ce jour-là' }).steps[1]!;
    assert.equal(refused.title, 'Refusée par le transporteur');
    assert.equal(refused.detail, 'Motif\u00a0: Aucun camion ce jour-là');
    const offered = bookingSteps({
      ...base,
      counterOffer: { beginningDate: '2026-12-15T09:00:00+01:00', expiresAt: '2026-12-01T18:00:00+01:00' },
    }).steps[1]!;
    assert.equal(offered.title, 'Contre-proposition du transporteur');
    assert.deepEqual(offered.when, { day: '2026-12-15' });
    assert.equal(bookingSteps({ ...base, state: 'review' }).steps[1]!.title, 'Modifiée, à accepter de nouveau');
    const eve = bookingSteps({ ...base, state: 'accepted' }).steps.find((step) => step.key === 'veille')!;
    assert.deepEqual(eve.when, { day: '2026-12-09' });
  });

  it('says why a step is passed over: a devis not signed, a deposit not paid online', () => {
    const over = bookingSteps({ ...base, state: 'accepted', deposit: { paidAt: null }, now: at('2026-12-11T00:00:00+01:00') }).steps;
    assert.equal(over.find((step) => step.key === 'devis-signe')!.detail, 'Le devis n’a pas été signé en ligne.');
    assert.equal(over.find((step) => step.key === 'acompte-paye')!.detail, 'L’acompte n’a pas été payé en ligne.');
  });
});

describe('edits close the carrier’s number of days before the move, at midnight in France', () => {
  const rows: [string, number, number, boolean][] = [
    ['2 days: open on the Monday evening', 2, at('2026-12-07T23:59:59+01:00'), true],
    ['2 days: closed from the Tuesday', 2, at('2026-12-08T00:00:00+01:00'), false],
    ['0 days: open until the move’s day', 0, at('2026-12-09T23:59:59+01:00'), true],
    ['0 days: closed on the move’s day', 0, at('2026-12-10T00:00:00+01:00'), false],
    ['30 days', 30, at('2026-11-10T00:00:00+01:00'), false],
  ];
  for (const [name, days, now, open] of rows)
    it(name, () => assert.equal(bookingSteps({ ...base, editCloseDays: days, now }).editsOpen, open));

  it('a refused booking is not edited from its page; one with no day never closes', () => {
    assert.equal(bookingSteps({ ...base, state: 'refused' }).editsOpen, false);
    const undated = bookingSteps({ ...base, beginningDate: null, now: at('2030-01-01T00:00:00Z') });
    assert.equal(undated.editsOpen, true);
    assert.equal(undated.editsCloseAt, null);
  });
});
