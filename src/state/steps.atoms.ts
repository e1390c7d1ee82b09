import { atom, type Getter } from 'jotai';
import { missingOnAddresses, missingOnItems } from '../domain/steps/missing.ts';
import { canReach, nextStep, previousStep, STEPS, type Step, type StepContext } from '../domain/steps/step-model.ts';
import { isAddressStepValid, isItemsStepValid } from '../domain/steps/validity.ts';
import { pricesAllowedAtom } from './company.atoms.ts';
import { itemsAtom } from './items.atoms.ts';
import { routeStatusAtom } from './route.atoms.ts';
import { servicesAtom } from './services.atoms.ts';
import { outsideAreaAtom } from './service-area.atoms.ts';
import { chosenDayProblemAtom } from './bookable-days.ts';
import { stopsAtom } from './stops.atoms.ts';
import { variantAtom } from './variant.atoms.ts';

const stepBase = atom<Step>(STEPS.addresses);

/** The step shown: the wizard's panel, the earlier variant's stepCursor (spec §3), or the success screen after a save. */
export const stepAtom = atom((get) => get(stepBase));

// A trip outside the carrier's area cannot go on: the server would refuse its quote and its booking.
const addressStepValidAtom = atom(
  (get) =>
    isAddressStepValid(get(stopsAtom), get(routeStatusAtom) === 'ok') &&
    get(outsideAreaAtom) === null &&
    get(chosenDayProblemAtom) === null,
);
const itemsStepValidAtom = atom((get) => isItemsStepValid(get(itemsAtom)));

/**
 * Validity of the four working steps (spec §4): steps 2 and 3 start valid. Built from two
 * booleans, so a quantity change that leaves both as they were gives the same array and the
 * step bar does not re-render.
 */
export const validStepsAtom = atom((get) => [get(addressStepValidAtom), get(itemsStepValidAtom), true, true]);

/** What the way through the steps depends on: the element, the prices permission, the steps' validity. */
export const stepContextAtom = atom((get): StepContext => ({
  variant: get(variantAtom),
  pricesAllowed: get(pricesAllowedAtom),
  valid: get(validStepsAtom),
}));

/** Where Suivant leads from here, or null when it is not offered (spec §2). */
export const nextStepAtom = atom((get) => nextStep(get(stepBase), get(stepContextAtom)));
/** Where Précédent leads from here, or null. */
export const previousStepAtom = atom((get) => previousStep(get(stepBase), get(stepContextAtom)));

/** What keeps 'Suivant' hidden on the current step, in one sentence with the field to fix (UX §3.2), or null. */
export const missingAtom = atom((get) => {
  const step = get(stepBase);
  if (step === STEPS.addresses) {
    const stops = get(stopsAtom);
    const missing = missingOnAddresses(stops, get(routeStatusAtom));
    // The whole reason is said in the panel, above the map (AddressesPanel); the bar names it and leads to the last address.
    if (!missing && get(chosenDayProblemAtom)) return { text: 'Choisissez un autre jour', target: null };
    if (!missing && get(outsideAreaAtom) && stops.length > 0)
      return { text: 'Trajet hors de la zone du transporteur', target: { kind: 'address', step: stops[stops.length - 1]!.step } } as const;
    return missing;
  }
  if (step === STEPS.items) return missingOnItems(get(itemsAtom));
  return null;
});

/** Moves to a step and tells the host page which way (spec §2 messages next_step, previous_step). */
function move(get: Getter, set: (step: Step) => void, target: Step): void {
  const current = get(stepBase);
  if (target === current) return;
  set(target);
  get(servicesAtom)?.messenger(target > current ? 'next_step' : 'previous_step', { step: target });
}

/** Suivant: to the next step when the current one is valid, skipping a hidden estimate. */
export const goNextAtom = atom(null, (get, set) => {
  const target = nextStep(get(stepBase), get(stepContextAtom));
  if (target !== null) move(get, (step) => set(stepBase, step), target);
});

/** Précédent: back one step, skipping a hidden estimate. */
export const goBackAtom = atom(null, (get, set) => {
  const target = previousStep(get(stepBase), get(stepContextAtom));
  if (target !== null) move(get, (step) => set(stepBase, step), target);
});

/** A step's label (the wizard's steps done, the earlier variant's navigable tabs), or a recap's 'Modifier'. */
export const goToStepAtom = atom(null, (get, set, target: number) => {
  if (canReach(target, get(stepBase), get(stepContextAtom))) move(get, (step) => set(stepBase, step), target);
});

/**
 * A step reached without the visitor choosing it: the form to correct after a refused save,
 * the success screen after a booking, the step a draft had reached. Not a move of the
 * visitor's, so the host page is told of none (it hears of the booking itself).
 */
export const showStepAtom = atom(null, (_get, set, step: Step) => set(stepBase, step));
