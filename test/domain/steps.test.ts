import { expect } from '@open-wc/testing';
import {
  areAllStepsValid,
  canGoNext,
  canShowPrices,
  INITIAL_VALID_STEPS,
  isAddressStepValid,
  isItemsStepValid,
  isLiteSaveIconVisible,
  isLiteStepNavigable,
  liteStepAfter,
  liteStepBefore,
  moveLiteCursor,
  nextPanel,
  previousPanel,
  visibleLiteSteps,
  type Panel,
} from '../../src/domain/index.ts';

describe('steps and navigation (spec §2, §4, §6)', () => {
  it('S060 step 0 is valid once every address is geocoded and the route computed', () => {
    expect(isAddressStepValid([{ geocodeResolved: true }, { geocodeResolved: true }], true)).to.equal(true);
    expect(isAddressStepValid([{ geocodeResolved: true }, { geocodeResolved: false }], true)).to.equal(false);
    expect(isAddressStepValid([{ geocodeResolved: true }, { geocodeResolved: true }], false)).to.equal(false);
    expect(isAddressStepValid([], true)).to.equal(false);
  });

  const itemCases: [{ name: string; category: 'item' | 'stuff' | 'service' | 'custom-item' | 'custom-cost' | 'cost' }[], boolean][] = [
    [[{ name: 'Lit', category: 'item' }], true],
    [[{ name: 'Li', category: 'item' }], false],
    [[{ name: ' Li ', category: 'stuff' }], false],
    [[{ name: 'Prestation Spécifique', category: 'custom-item' }], false],
    [[{ name: 'Remise client', category: 'custom-cost' }], false],
    [
      [
        { name: 'Prestation Spécifique', category: 'custom-item' },
        { name: 'cartons', category: 'service' },
      ],
      true,
    ],
    [[], false],
  ];
  for (const [items, valid] of itemCases) {
    it(`S061 items ${JSON.stringify(items)} → step 1 ${valid ? 'valid' : 'invalid'}`, () =>
      expect(isItemsStepValid(items)).to.equal(valid));
  }

  it('S062 steps 2 and 3 start valid', () => {
    expect(INITIAL_VALID_STEPS).to.deep.equal([false, false, true, true]);
  });

  const navigation: [Panel, boolean, Panel, Panel][] = [
    // current, prices allowed, next, previous
    [0, true, 1, 0],
    [1, true, 2, 0],
    [1, false, 3, 0],
    [2, true, 3, 1],
    [3, true, 4, 2],
    [3, false, 4, 1],
  ];
  for (const [current, prices, next, previous] of navigation) {
    it(`S008 S005 from panel ${current} with prices ${prices ? 'shown' : 'hidden'}: next ${next}, back ${previous}`, () => {
      expect(nextPanel(current, prices)).to.equal(next);
      expect(previousPanel(current, prices)).to.equal(previous);
    });
  }

  it('S009 Next shows only when the current step is valid', () => {
    expect(canGoNext(0, [false, false, true, true])).to.equal(false);
    expect(canGoNext(0, [true, false, true, true])).to.equal(true);
    expect(canGoNext(1, [true, false, true, true])).to.equal(false);
    expect(canGoNext(3, [true, true, true, true])).to.equal(false);
  });

  it('S112 prices: a readable prices entry or an empty list allows them', () => {
    expect(canShowPrices([])).to.equal(true);
    expect(canShowPrices([{ name: 'prices', can_read: true }])).to.equal(true);
    expect(canShowPrices([{ name: 'prices', can_read: false }])).to.equal(false);
    expect(canShowPrices([{ name: 'travels', can_read: true }])).to.equal(false);
  });

  it('S032 lite steps are Adresses, Chargement, Prix (only with prices) and Contacts', () => {
    expect(visibleLiteSteps(true).map((step) => step.label)).to.deep.equal(['Adresses', 'Chargement', 'Prix', 'Contacts']);
    expect(visibleLiteSteps(false).map((step) => step.label)).to.deep.equal(['Adresses', 'Chargement', 'Contacts']);
  });

  const navigability: [boolean[], boolean[]][] = [
    // valid steps → navigable 0..3
    [
      [false, false, true, true],
      [false, false, false, false],
    ],
    [
      [true, false, true, true],
      [true, false, false, false],
    ],
    [
      [false, true, true, true],
      [false, true, true, false],
    ],
    [
      [true, true, true, true],
      [true, true, true, true],
    ],
  ];
  for (const [valid, navigable] of navigability) {
    it(`S033 with valid steps ${JSON.stringify(valid)} the navigable labels are ${JSON.stringify(navigable)}`, () => {
      expect([0, 1, 2, 3].map((step) => isLiteStepNavigable(step, valid))).to.deep.equal(navigable);
    });
  }

  it('S063 the lite cursor moves between 0 and 3 only to a navigable step', () => {
    const valid = [true, true, true, true];
    expect(moveLiteCursor(0, 3, valid, true)).to.equal(3);
    expect(moveLiteCursor(0, 4, valid, true)).to.equal(0);
    expect(moveLiteCursor(1, -1, valid, true)).to.equal(1);
    expect(moveLiteCursor(0, 2, valid, false)).to.equal(0);
    expect(moveLiteCursor(0, 3, [true, false, true, true], true)).to.equal(0);
    expect(liteStepAfter(1, false)).to.equal(3);
    expect(liteStepAfter(3, true)).to.equal(3);
    expect(liteStepBefore(3, false)).to.equal(1);
    expect(liteStepBefore(0, true)).to.equal(0);
  });

  it('S037 S054 the lite save icon hides for a new trip or while a step is invalid', () => {
    expect(areAllStepsValid([true, true, true, true])).to.equal(true);
    expect(isLiteSaveIconVisible(false, [true, true, true, true])).to.equal(true);
    expect(isLiteSaveIconVisible(true, [true, true, true, true])).to.equal(false);
    expect(isLiteSaveIconVisible(false, [true, false, true, true])).to.equal(false);
  });
});
