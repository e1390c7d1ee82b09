import { useAtomValue, useSetAtom } from 'jotai';
import { routeLoadingAtom } from '../../state/route.atoms.ts';
import { STEPS } from '../../domain/steps/step-model.ts';
import { stepAtom } from '../../state/steps.atoms.ts';
import { variantAtom } from '../../state/variant.atoms.ts';
import { goBackAtom, goNextAtom, missingAtom, nextStepAtom, previousStepAtom } from '../../state/steps.atoms.ts';
import { ActionBar, BusySlot, NextButton } from './ActionBar.tsx';
import { BarTotal } from './BarTotal.tsx';
import { MissingHint } from './MissingHint.tsx';

/**
 * Précédent, the total and Suivant (spec §2), for either element's working steps before the
 * finalisation: Suivant only when the step is valid, else what is missing; a wait in its
 * place while the route is computed. Where each leads is the step model's.
 */
export function StepNav() {
  const next = useAtomValue(nextStepAtom);
  const previous = useAtomValue(previousStepAtom);
  const loading = useAtomValue(routeLoadingAtom);
  const missing = useAtomValue(missingAtom);
  const goNext = useSetAtom(goNextAtom);
  const goBack = useSetAtom(goBackAtom);
  // The lite's Prix step reads its total in the second bar above the figures (spec §2): not a second time here.
  const lite = useAtomValue(variantAtom) === 'lite';
  const step = useAtomValue(stepAtom);
  return (
    <ActionBar
      onPrevious={previous === null ? null : () => goBack()}
      hint={next === null && !loading ? <MissingHint missing={missing} /> : null}
      total={lite && step === STEPS.estimate ? null : <BarTotal />}
    >
      {loading ? <BusySlot /> : next !== null && <NextButton onClick={() => goNext()} />}
    </ActionBar>
  );
}
