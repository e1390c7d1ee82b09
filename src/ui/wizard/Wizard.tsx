import { useAtomValue } from 'jotai';
import { PANELS, type Panel } from '../../domain/index.ts';
import { pricesAllowedAtom } from '../../state/company.atoms.ts';
import { panelAtom } from '../../state/wizard.atoms.ts';
import { editLinkAtom } from '../../state/link.atoms.ts';
import { InvalidLink } from '../controls/InvalidLink.tsx';
import { AddressesPanel } from '../addresses/AddressesPanel.tsx';
import { Banners } from '../controls/Banners.tsx';
import { EstimatePanel, FinalisationPanel, ItemsPanel, Recap, SuccessPanel } from '../deferred-parts.ts';
import { TripSummary } from '../finalisation/TripSummary.tsx';
import { PanelHeading } from './PanelHeading.tsx';
import { STEP_NAMES } from './panels.ts';
import { StepIndicator } from './StepIndicator.tsx';
import { useGoToPanel, WizardNav } from './WizardNav.tsx';

/** The five-panel wizard (spec §2), one panel at a time, with where you are and what comes next. */
export function Wizard() {
  const panel = useAtomValue(panelAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const goTo = useGoToPanel();
  const link = useAtomValue(editLinkAtom);
  // Estimation is not a step when prices are hidden (spec §2).
  const steps = STEP_NAMES.map((label, key) => ({ key, label })).filter((step) => prices || step.key !== 2);
  if (link === 'invalid') {
    return (
      <div className="shell" part="shell" lang="fr">
        <InvalidLink />
      </div>
    );
  }
  if (panel === PANELS.success) {
    return (
      <div className="shell" part="shell" lang="fr">
        <Banners />
        <SuccessPanel />
      </div>
    );
  }
  return (
    <div className="shell" part="shell" lang="fr">
      <header className="header" part="header">
        <StepIndicator steps={steps} current={panel} onBack={(key) => goTo(key as Panel, 'previous_step')} />
        <PanelHeading panel={panel} />
      </header>
      <Banners />
      <div className="layout">
        <div className="main" part="panel">
          {panel === PANELS.addresses && <AddressesPanel />}
          {panel === PANELS.items && <ItemsPanel />}
          {panel === PANELS.estimate && <EstimatePanel />}
          {panel === PANELS.finalisation && <FinalisationPanel />}
        </div>
        <aside className="aside" part="aside" aria-label={panel === PANELS.finalisation ? 'Récapitulatif' : 'Votre trajet'}>
          {panel === PANELS.finalisation ? <Recap /> : <TripSummary />}
        </aside>
      </div>
      <WizardNav />
    </div>
  );
}
