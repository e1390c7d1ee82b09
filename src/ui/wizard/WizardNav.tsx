import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { canGoNext, nextPanel, PANELS, previousPanel, type Panel } from '../../domain/index.ts';
import { pricesAllowedAtom } from '../../state/company.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { missingAddressesAtom, missingItemsAtom } from '../../state/summary.atoms.ts';
import { panelAtom, routeLoadingAtom, validStepsAtom } from '../../state/wizard.atoms.ts';
import { ActionBar, BusySlot, NextButton } from '../controls/ActionBar.tsx';
import { BarTotal } from '../controls/BarTotal.tsx';
import { MissingHint } from '../controls/MissingHint.tsx';
import { SaveActions } from '../deferred-parts.ts';

/** Moves to a panel and tells the host page (spec §2 messages). */
export function useGoToPanel() {
  const setPanel = useSetAtom(panelAtom);
  const services = useAtomValue(servicesAtom);
  return (target: Panel, message: 'next_step' | 'previous_step') => {
    setPanel(target);
    services?.messenger(message, { step: target });
  };
}

/** Précédent, the total and Suivant (spec §2): Next only when the step is valid, else what is missing. */
export function WizardNav() {
  const [panel] = useAtom(panelAtom);
  const valid = useAtomValue(validStepsAtom);
  const loading = useAtomValue(routeLoadingAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const missingAddresses = useAtomValue(missingAddressesAtom);
  const missingItems = useAtomValue(missingItemsAtom);
  const goTo = useGoToPanel();
  const missing = panel === PANELS.addresses ? missingAddresses : panel === PANELS.items ? missingItems : null;
  const showNext = canGoNext(panel, valid);
  const previous = panel > PANELS.addresses ? () => goTo(previousPanel(panel, prices), 'previous_step') : null;
  if (panel === PANELS.finalisation) {
    return <SaveActions onPrevious={previous} />;
  }
  return (
    <ActionBar onPrevious={previous} hint={!showNext && !loading ? <MissingHint missing={missing} /> : null} total={<BarTotal />}>
      {loading ? <BusySlot /> : showNext && <NextButton onClick={() => goTo(nextPanel(panel, prices), 'next_step')} />}
    </ActionBar>
  );
}
