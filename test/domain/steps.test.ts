import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
    assert.equal(isAddressStepValid([{ geocodeResolved: true }, { geocodeResolved: true }], true), true);
    assert.equal(isAddressStepValid([{ geocodeResolved: true }, { geocodeResolved: false }], true), false);
    assert.equal(isAddressStepValid([{ geocodeResolved: true }, { geocodeResolved: true }], false), false);
    assert.equal(isAddressStepValid([], true), false);
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
    it(`S061 items ${JSON.stringify(items)} → step 1 ${valid ? 'valid' : 'invalid'}`, () => assert.equal(isItemsStepValid(items), valid));
  }

  it('S062 steps 2 and 3 start valid', () => {
    assert.deepEqual(INITIAL_VALID_STEPS, [false, false, true, true]);
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
      assert.equal(nextPanel(current, prices), next);
      assert.equal(previousPanel(current, prices), previous);
    });
  }

  it('S009 Next shows only when the current step is valid', () => {
    assert.equal(canGoNext(0, [false, false, true, true]), false);
    assert.equal(canGoNext(0, [true, false, true, true]), true);
    assert.equal(canGoNext(1, [true, false, true, true]), false);
    assert.equal(canGoNext(3, [true, true, true, true]), false);
  });

  it('S112 prices: a readable prices entry or an empty list allows them', () => {
    assert.equal(canShowPrices([]), true);
    assert.equal(canShowPrices([{ name: 'prices', can_read: true }]), true);
    assert.equal(canShowPrices([{ name: 'prices', can_read: false }]), false);
    assert.equal(canShowPrices([{ name: 'travels', can_read: true }]), false);
  });

  it('S032 lite steps are Adresses, Chargement, Prix (only with prices) and Contacts', () => {
    assert.deepEqual(
      visibleLiteSteps(true).map((step) => step.label),
      ['Adresses', 'Chargement', 'Prix', 'Contacts'],
    );
    assert.deepEqual(
      visibleLiteSteps(false).map((step) => step.label),
      ['Adresses', 'Chargement', 'Contacts'],
    );
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
      assert.deepEqual(
        [0, 1, 2, 3].map((step) => isLiteStepNavigable(step, valid)),
        navigable,
      );
    });
  }

  it('S063 the lite cursor moves between 0 and 3 only to a navigable step', () => {
    const valid = [true, true, true, true];
    assert.equal(moveLiteCursor(0, 3, valid, true), 3);
    assert.equal(moveLiteCursor(0, 4, valid, true), 0);
    assert.equal(moveLiteCursor(1, -1, valid, true), 1);
    assert.equal(moveLiteCursor(0, 2, valid, false), 0);
    assert.equal(moveLiteCursor(0, 3, [true, false, true, true], true), 0);
    assert.equal(liteStepAfter(1, false), 3);
    assert.equal(liteStepAfter(3, true), 3);
    assert.equal(liteStepBefore(3, false), 1);
    assert.equal(liteStepBefore(0, true), 0);
  });

  it('S037 S054 the lite save icon hides for a new trip or while a step is invalid', () => {
    assert.equal(areAllStepsValid([true, true, true, true]), true);
    assert.equal(isLiteSaveIconVisible(false, [true, true, true, true]), true);
    assert.equal(isLiteSaveIconVisible(true, [true, true, true, true]), false);
    assert.equal(isLiteSaveIconVisible(false, [true, false, true, true]), false);
  });
});
