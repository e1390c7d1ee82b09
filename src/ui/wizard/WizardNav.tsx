import { useAtom, useAtomValue } from 'jotai';
import { canGoNext, nextPanel, previousPanel, type Panel } from '../../domain/index.ts';
import { pricesAllowedAtom } from '../../state/company.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { loadingAtom, panelAtom, validStepsAtom } from '../../state/wizard.atoms.ts';
import { Spinner } from '../controls/Spinner.tsx';

/** Précédent and Suivant (spec §2): Next only when the step is valid, a spinner while loading. */
export function WizardNav() {
  const [panel, setPanel] = useAtom(panelAtom);
  const valid = useAtomValue(validStepsAtom);
  const loading = useAtomValue(loadingAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const services = useAtomValue(servicesAtom);
  if (panel === 4) return null;
  const go = (target: Panel, message: 'next_step' | 'previous_step') => {
    setPanel(target);
    services?.messenger(message, { step: target });
  };
  return (
    <nav className="nav" aria-label="Navigation entre les étapes" part="nav">
      {panel > 0 ? (
        <button type="button" onClick={() => go(previousPanel(panel, prices), 'previous_step')}>
          Précédent
        </button>
      ) : (
        <span />
      )}
      {loading ? (
        <Spinner label="Calcul en cours" />
      ) : (
        canGoNext(panel, valid) && (
          <button type="button" className="primary" onClick={() => go(nextPanel(panel, prices), 'next_step')}>
            Suivant
          </button>
        )
      )}
    </nav>
  );
}
