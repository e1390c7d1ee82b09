/**
 * The steps of both elements, one model parameterised by the variant (spec §2, §4): which
 * steps exist, which can be reached from where, where Suivant and Précédent lead, and how
 * hidden prices take the estimate out. Screens ask it; they never count steps themselves.
 */

/** Which element walks the steps: the five-panel wizard or the earlier four-step variant. */
export type Variant = 'wizard' | 'lite';

/**
 * The steps by number, shared by both elements: the wizard's panels 0–4 (spec §2), and the
 * earlier variant's steps 0–3 (its stepCursor, spec §3) followed by the same success screen.
 */
export const STEPS = { addresses: 0, items: 1, estimate: 2, finalisation: 3, success: 4 } as const;
export type Step = (typeof STEPS)[keyof typeof STEPS];
/** The steps before the success screen, which the step indicator and the tabs show. */
export type WorkingStep = Exclude<Step, typeof STEPS.success>;

/** What the way through depends on. */
export interface StepContext {
  variant: Variant;
  /** Prices may be shown (spec §6): without them the estimate is not a step. */
  pricesAllowed: boolean;
  /** Validity of steps 0 to 3 (spec §4). */
  valid: readonly boolean[];
}

/** The names of the working steps (0–3): the wizard's step indicator (UX §4.6), the earlier variant's tabs (spec §2). */
export const STEP_LABELS: Readonly<Record<Variant, readonly [string, string, string, string]>> = {
  wizard: ['Adresses', 'Objets', 'Estimation', 'Finalisation'],
  lite: ['Adresses', 'Chargement', 'Prix', 'Contacts'],
};

const WORKING: readonly WorkingStep[] = [STEPS.addresses, STEPS.items, STEPS.estimate, STEPS.finalisation];

/** The steps a visitor works through, in order: the estimate only when prices may be shown (spec §2). */
export function workingSteps({ pricesAllowed }: Pick<StepContext, 'pricesAllowed'>): WorkingStep[] {
  return WORKING.filter((step) => step !== STEPS.estimate || pricesAllowed);
}

export function isWorkingStep(step: number): step is WorkingStep {
  return WORKING.includes(step as WorkingStep);
}

/**
 * The earlier variant's navigable steps (spec §2): steps 0 and 1 need their own validity,
 * step 2 needs step 1, step 3 needs steps 0 and 1.
 */
export function isStepNavigable(step: number, valid: readonly boolean[]): boolean {
  const ok = (index: number) => valid[index] === true;
  switch (step) {
    case STEPS.addresses:
      return ok(0);
    case STEPS.items:
    case STEPS.estimate:
      return ok(1);
    case STEPS.finalisation:
      return ok(0) && ok(1);
    default:
      return false;
  }
}

/**
 * Where Suivant leads, or null where it is not offered: only from a valid working step
 * before the finalisation (spec §2 "The Next button shows only if the current step is
 * valid"), skipping the estimate when prices are hidden. Saving, not Suivant, leaves the
 * finalisation.
 */
export function nextStep(current: Step, context: StepContext): Step | null {
  if (current >= STEPS.finalisation || context.valid[current] !== true) return null;
  return workingSteps(context).find((step) => step > current) ?? null;
}

/** Where Précédent leads, or null on the first step and once saved: back from the finalisation skips a hidden estimate too. */
export function previousStep(current: Step, context: Pick<StepContext, 'pricesAllowed'>): Step | null {
  if (!isWorkingStep(current)) return null;
  return workingSteps(context).findLast((step) => step < current) ?? null;
}

/**
 * Whether a step's label leads there from the current step. The wizard goes forward only
 * through Suivant, and back to any step done (UX §4.6). The earlier variant moves between its
 * steps 0 to 3 to any navigable one (spec §2, §4).
 */
export function canReach(target: number, current: Step, context: StepContext): target is Step {
  if (target === current || !workingSteps(context).includes(target as WorkingStep)) return false;
  if (context.variant === 'wizard') return target < current && isWorkingStep(current);
  return isWorkingStep(current) && isStepNavigable(target, context.valid);
}
