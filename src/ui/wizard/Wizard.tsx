import { useAtomValue, useSetAtom } from 'jotai';
import { STEP_LABELS, STEPS, workingSteps } from '../../domain/steps/step-model.ts';
import { pricesAllowedAtom } from '../../state/company.atoms.ts';
import { editLinkAtom } from '../../state/link.atoms.ts';
import { goToStepAtom, stepAtom } from '../../state/steps.atoms.ts';
import { AddressesPanel } from '../addresses/AddressesPanel.tsx';
import { Banners } from '../controls/Banners.tsx';
import { InvalidLink } from '../controls/InvalidLink.tsx';
import { StepNav } from '../controls/StepNav.tsx';
import { EstimatePanel, FinalisationPanel, ItemsPanel, Recap, SaveActions, SuccessPanel } from '../lazy-panels.ts';
import { TripSummary } from '../finalisation/TripSummary.tsx';
import { PanelHeading } from './PanelHeading.tsx';
import { StepIndicator } from './StepIndicator.tsx';

/** The five-panel wizard (spec §2), one panel at a time, with where you are and what comes next. */
export function Wizard() {
  const step = useAtomValue(stepAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const goToStep = useSetAtom(goToStepAtom);
  const link = useAtomValue(editLinkAtom);
  const steps = workingSteps({ pricesAllowed: prices }).map((key) => ({ key, label: STEP_LABELS.wizard[key] }));
  if (link === 'invalid') {
    return (
      <div className="shell" part="shell" lang="fr">
        <InvalidLink />
      </div>
    );
  }
  if (step === STEPS.success) {
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
        <StepIndicator steps={steps} current={step} onBack={(key) => goToStep(key)} />
        <PanelHeading panel={step} />
      </header>
      <Banners />
      <div className="layout">
        <div className="main" part="panel">
          {step === STEPS.addresses && <AddressesPanel />}
          {step === STEPS.items && <ItemsPanel />}
          {step === STEPS.estimate && <EstimatePanel />}
          {step === STEPS.finalisation && <FinalisationPanel />}
        </div>
        <aside className="aside" part="aside" aria-label={step === STEPS.finalisation ? 'Récapitulatif' : 'Votre trajet'}>
          {step === STEPS.finalisation ? <Recap /> : <TripSummary />}
        </aside>
      </div>
      {step === STEPS.finalisation ? <SaveActions /> : <StepNav />}
    </div>
  );
}
