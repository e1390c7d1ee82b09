import { useAtomValue, useSetAtom } from 'jotai';
import { routeLoadingAtom } from '../../state/route.atoms.ts';
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
  return (
    <ActionBar
      onPrevious={previous === null ? null : () => goBack()}
      hint={next === null && !loading ? <MissingHint missing={missing} /> : null}
      total={<BarTotal />}
    >
      {loading ? <BusySlot /> : next !== null && <NextButton onClick={() => goNext()} />}
    </ActionBar>
  );
}
