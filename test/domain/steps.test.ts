import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  areAllStepsValid,
  INITIAL_VALID_STEPS,
  isAddressStepValid,
  isItemsStepValid,
  isLiteSaveIconVisible,
} from '../../src/domain/steps/validity.ts';
import {
  canReach,
  isStepNavigable,
  nextStep,
  previousStep,
  STEP_LABELS,
  workingSteps,
  type Step,
  type StepContext,
  type Variant,
} from '../../src/domain/steps/step-model.ts';
import { canShowPrices } from '../../src/domain/entities/permission.ts';

const ALL_VALID = [true, true, true, true];
const context = (variant: Variant, pricesAllowed: boolean, valid: readonly boolean[] = ALL_VALID): StepContext => ({
  variant,
  pricesAllowed,
  valid,
});

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

  // Both elements go the same way (spec §2): current, prices allowed, Suivant's step, Précédent's step.
  const navigation: [Step, boolean, Step | null, Step | null][] = [
    [0, true, 1, null],
    [1, true, 2, 0],
    [1, false, 3, 0],
    [2, true, 3, 1],
    [3, true, null, 2],
    [3, false, null, 1],
    [4, true, null, null],
  ];
  for (const variant of ['wizard', 'lite'] as const) {
    for (const [current, prices, next, previous] of navigation) {
      it(`S008 S005 ${variant}: from step ${current} with prices ${prices ? 'shown' : 'hidden'}, Suivant to ${next}, Précédent to ${previous}`, () => {
        assert.equal(nextStep(current, context(variant, prices)), next);
        assert.equal(previousStep(current, context(variant, prices)), previous);
      });
    }
  }

  it('S009 Suivant is offered only from a valid step, never from the finalisation', () => {
    assert.equal(nextStep(0, context('wizard', true, [false, false, true, true])), null);
    assert.equal(nextStep(0, context('wizard', true, [true, false, true, true])), 1);
    assert.equal(nextStep(1, context('lite', true, [true, false, true, true])), null);
    assert.equal(nextStep(3, context('wizard', true)), null);
  });

  it('the wizard’s step labels lead back to a step done, never forward (UX §4.6)', () => {
    assert.equal(canReach(0, 2, context('wizard', true)), true);
    assert.equal(canReach(1, 3, context('wizard', true)), true);
    assert.equal(canReach(3, 1, context('wizard', true)), false);
    assert.equal(canReach(2, 3, context('wizard', false)), false);
    assert.equal(canReach(0, 4, context('wizard', true)), false);
  });
  it('S112 prices: a readable prices entry or an empty list allows them', () => {
    assert.equal(canShowPrices([]), true);
    assert.equal(canShowPrices([{ name: 'prices', can_read: true }]), true);
    assert.equal(canShowPrices([{ name: 'prices', can_read: false }]), false);
    assert.equal(canShowPrices([{ name: 'travels', can_read: true }]), false);
  });

  it('S032 lite steps are Adresses, Chargement, Prix (only with prices) and Contacts; the wizard’s, Estimation only with prices', () => {
    const names = (variant: Variant, prices: boolean) => workingSteps({ pricesAllowed: prices }).map((step) => STEP_LABELS[variant][step]);
    assert.deepEqual(names('lite', true), ['Adresses', 'Chargement', 'Prix', 'Contacts']);
    assert.deepEqual(names('lite', false), ['Adresses', 'Chargement', 'Contacts']);
    assert.deepEqual(names('wizard', true), ['Adresses', 'Objets', 'Estimation', 'Finalisation']);
    assert.deepEqual(names('wizard', false), ['Adresses', 'Objets', 'Finalisation']);
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
        [0, 1, 2, 3].map((step) => isStepNavigable(step, valid)),
        navigable,
      );
    });
  }

  it('S063 the earlier variant moves between 0 and 3, only to a navigable step', () => {
    assert.equal(canReach(3, 0, context('lite', true)), true);
    assert.equal(canReach(4, 0, context('lite', true)), false);
    assert.equal(canReach(-1, 1, context('lite', true)), false);
    assert.equal(canReach(2, 0, context('lite', false)), false);
    assert.equal(canReach(3, 0, context('lite', true, [true, false, true, true])), false);
    assert.equal(canReach(1, 3, context('lite', true, [false, true, true, true])), true);
  });

  it('S037 S054 the lite save icon hides for a new trip or while a step is invalid', () => {
    assert.equal(areAllStepsValid([true, true, true, true]), true);
    assert.equal(isLiteSaveIconVisible(false, [true, true, true, true]), true);
    assert.equal(isLiteSaveIconVisible(true, [true, true, true, true]), false);
    assert.equal(isLiteSaveIconVisible(false, [true, false, true, true]), false);
  });
});
