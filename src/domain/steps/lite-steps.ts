/** The earlier variant's four steps (spec §2). */
export const LITE_STEPS = [
  { index: 0, label: 'Adresses' },
  { index: 1, label: 'Chargement' },
  { index: 2, label: 'Prix' },
  { index: 3, label: 'Contacts' },
] as const;

/** 'Prix' shows only when prices may be shown (spec §2). */
export function visibleLiteSteps(pricesAllowed: boolean) {
  return LITE_STEPS.filter((step) => step.index !== 2 || pricesAllowed);
}

/**
 * A step label is clickable only if navigable (spec §2): steps 0 and 1 need their own
 * validity, step 2 needs step 1, step 3 needs steps 0 and 1.
 */
export function isLiteStepNavigable(step: number, validSteps: readonly boolean[]): boolean {
  const valid = (index: number) => validSteps[index] === true;
  switch (step) {
    case 0:
      return valid(0);
    case 1:
      return valid(1);
    case 2:
      return valid(1);
    case 3:
      return valid(0) && valid(1);
    default:
      return false;
  }
}

/** The cursor moves between 0 and 3, only to a navigable step (spec §4); else it stays. */
export function moveLiteCursor(current: number, target: number, validSteps: readonly boolean[], pricesAllowed: boolean): number {
  if (target < 0 || target > 3) return current;
  if (target === 2 && !pricesAllowed) return current;
  return isLiteStepNavigable(target, validSteps) ? target : current;
}

/** Next and back in the earlier variant skip 'Prix' when prices are hidden. */
export function liteStepAfter(current: number, pricesAllowed: boolean): number {
  const next = current === 1 && !pricesAllowed ? 3 : current + 1;
  return Math.min(3, next);
}

export function liteStepBefore(current: number, pricesAllowed: boolean): number {
  const previous = current === 3 && !pricesAllowed ? 1 : current - 1;
  return Math.max(0, previous);
}

export function areAllStepsValid(validSteps: readonly boolean[]): boolean {
  return validSteps.length === 4 && validSteps.every(Boolean);
}

/** The save icon hides for a new trip or while a step is invalid (spec §2). */
export function isLiteSaveIconVisible(isNewTravel: boolean, validSteps: readonly boolean[]): boolean {
  return !isNewTravel && areAllStepsValid(validSteps);
}
