import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import {
  amountOfTtc,
  depositCentsOf,
  DepositTermsSchema,
  depositWords,
  formatCents,
  readTypedEuros,
  spreadsheetCents,
  toCents,
} from '../../src/domain/index.ts';

// The French ways of writing a sum (Intl's fr-FR: a narrow no-break space between thousands, a
// no-break space before the sign, a decimal comma) and what a carrier types in the back office.
describe('money in cents: one reader and one writer of sums', () => {
  it('writes cents the French way, with the cents only when there are some', () => {
    assert.equal(formatCents(169_400), '1\u202f694\u00a0€');
    assert.equal(formatCents(50_820), '508,20\u00a0€');
    assert.equal(formatCents(5), '0,05\u00a0€');
  });

  it('writes a sum for a French spreadsheet: decimal comma, two decimals, no separator', () => {
    assert.equal(spreadsheetCents(169_400), '1694,00');
    assert.equal(spreadsheetCents(50_820), '508,20');
  });

  it('reads what a carrier types, spaces, comma or point and the euro sign included', () => {
    const typed: [string, number][] = [
      ['1190', 119_000],
      ['1 190,50', 119_050],
      ['1\u00a0190,5', 119_050],
      ['1190.5', 119_050],
      ['300 €', 30_000],
      ['0,07', 7],
    ];
    for (const [text, cents] of typed) assert.equal(readTypedEuros(text), cents, `« ${text} »`);
  });

  it('refuses what is not a sum: negative, three decimals, letters, seven figures, nothing', () => {
    for (const text of ['-12', '12,345', 'douze', '1234567', '', ',50']) assert.equal(readTypedEuros(text), undefined, `« ${text} »`);
  });

  it('turns euros to the cent into whole cents without binary noise', () => {
    assert.equal(toCents(0.1 + 0.2), 30);
    assert.equal(toCents(1190.5), 119_050);
  });

  it('gives a price kept VAT included its HT to the cent at the carrier’s rate', () => {
    // Spec §9: prices are TTC at 20 % VAT; 1 200,00 € TTC is 1 000,00 € HT.
    assert.deepEqual(amountOfTtc(120_000, 0.2), { ht: 100_000, ttc: 120_000, vatRate: 0.2 });
    // 10 % (a rate a carrier may set): 55,00 € TTC is 50,00 € HT.
    assert.deepEqual(amountOfTtc(5_500, 0.1), { ht: 5_000, ttc: 5_500, vatRate: 0.1 });
  });
});

describe('the deposit a carrier asks, sized once for the pages and the devis (issue 55, point 4)', () => {
  it('30 % of 1 694 € is 508,20 €, said with when it is due; a fixed amount never exceeds the total', () => {
    const percent = { kind: 'percent', percent: 30, due: 'devis_accepted' } as const;
    assert.equal(depositCentsOf(percent, 169_400), (169_400 * 30) / 100);
    assert.equal(
      depositWords(percent, 169_400),
      '508,20\u00a0€ TTC (30\u00a0% du total TTC), à régler en ligne une fois le devis accepté, déduit du prix',
    );
    const fixed = { kind: 'amount', amount_cents: 30_000, due: 'booking_accepted' } as const;
    assert.equal(depositCentsOf(fixed, 169_400), 30_000);
    assert.equal(depositCentsOf(fixed, 20_000), 20_000);
    assert.equal(
      depositWords(fixed, 169_400),
      '300\u00a0€ TTC, à régler en ligne une fois la réservation acceptée par le transporteur, déduit du prix',
    );
  });

  it('the terms a page receives are checked: no percentage above half the price, no amount under 1 €', () => {
    const parse = (terms: unknown) => v.safeParse(DepositTermsSchema, terms).success;
    assert.equal(parse({ kind: 'percent', percent: 50, due: 'devis_accepted' }), true);
    assert.equal(parse({ kind: 'percent', percent: 51, due: 'devis_accepted' }), false);
    assert.equal(parse({ kind: 'amount', amount_cents: 99, due: 'devis_accepted' }), false);
    assert.equal(parse({ kind: 'amount', amount_cents: 100, due: 'demain' }), false);
  });
});
