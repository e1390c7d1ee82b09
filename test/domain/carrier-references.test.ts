// The carrier's references (Réglages, Entreprise): the SIRET's check and the brand colour's
// contrast, with the expected answers computed here (Luhn by hand, the WCAG formula by hand).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brandColourProblem, contrastRatio, darkEnoughShade, normalHexColour } from '../../src/domain/carrier/brand-colour.ts';
import { formatSiret, isValidSiret, siretDigits, siretProblem } from '../../src/domain/carrier/siret.ts';

/** The Luhn sum of a string of digits, written again here: from the right, every second digit doubled. */
function luhn(digits: string): number {
  return [...digits].reverse().reduce((sum, char, index) => {
    const doubled = Number(char) * (index % 2 === 1 ? 2 : 1);
    return sum + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
}

describe('SIRET', () => {
  it('is valid with 14 digits whose Luhn sum ends in 0, whatever the spaces, dots or dashes typed', () => {
    for (const base of ['8123456780001', '4012345670002', '7328293200007']) {
      const check = [...Array(10).keys()].find((last) => luhn(`${base}${last}`) % 10 === 0)!;
      const siret = `${base}${check}`;
      assert.equal(isValidSiret(siret), true, siret);
      assert.equal(isValidSiret(`${base}${(check + 1) % 10}`), false, `${siret} + 1`);
      assert.equal(siretProblem(`${siret.slice(0, 3)} ${siret.slice(3, 6)}.${siret.slice(6, 9)}-${siret.slice(9)}`), null);
    }
  });

  it('takes La Poste’s establishments by the sum of their digits, as INSEE documents', () => {
    // SIREN 356 000 000: digits adding up to a multiple of 5, whatever their Luhn sum.
    const poste = '35600000049837';
    assert.equal([...poste].reduce((sum, digit) => sum + Number(digit), 0) % 5, 0);
    assert.notEqual(luhn(poste) % 10, 0);
    assert.equal(isValidSiret(poste), true);
    assert.equal(isValidSiret('35600000049838'), false);
  });

  it('says what is wrong in French: not digits, not 14 of them, a check that fails; nothing for an empty field', () => {
    assert.equal(siretProblem(''), null);
    assert.match(siretProblem('ABC')!, /ne contient que des chiffres/);
    assert.match(siretProblem('123 456 789')!, /compte 14\u00a0chiffres\u00a0: vous en avez saisi 9/);
    assert.match(siretProblem('81234567800014')!, /Ce SIRET n’existe pas/);
    assert.equal(siretDigits('812\u00a0345 678.000-13'), '81234567800013');
    assert.equal(formatSiret('81234567800013'), '812\u00a0345\u00a0678\u00a000013');
  });
});

/** WCAG relative luminance, written again here. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('brand colour', () => {
  it('computes UX §2.5’s ratios: white on the default blue 6.7, on the company teal 5.5', () => {
    assert.equal(contrastRatio('#ffffff', '#1d4ed8').toFixed(1), '6.7');
    assert.equal(contrastRatio('#ffffff', '#0f766e').toFixed(1), '5.5');
    assert.equal(contrastRatio('#ffffff', '#166534').toFixed(1), ((1.05 / (luminance('#166534') + 0.05)) as number).toFixed(1));
  });

  it('refuses a colour white text cannot be read on, and proposes a darker shade of it that passes', () => {
    assert.equal(brandColourProblem('#0f766e'), null);
    assert.equal(brandColourProblem(''), null);
    const problem = brandColourProblem('#facc15')!;
    assert.match(problem, /qu’un contraste de 1,[0-9]:1\u00a0: il en faut 4,5:1/);
    const shade = /par exemple (#[0-9a-f]{6})/.exec(problem)![1]!;
    assert.equal(shade, darkEnoughShade('#facc15'));
    assert.ok(contrastRatio('#ffffff', shade) >= 4.5);
    assert.match(brandColourProblem('vert')!, /en hexadécimal/);
  });

  it('reads #abc as #aabbcc, upper case as lower case, and nothing else', () => {
    assert.equal(normalHexColour('#ABC'), '#aabbcc');
    assert.equal(normalHexColour('0F766E'), '#0f766e');
    assert.equal(normalHexColour('#12345'), null);
    assert.equal(normalHexColour('rgb(0,0,0)'), null);
  });
});
