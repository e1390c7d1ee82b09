import { useAtomValue, useSetAtom } from 'jotai';
import { isStepNavigable, STEP_LABELS, STEPS, workingSteps } from '../../domain/steps/step-model.ts';
import { pricesAllowedAtom } from '../../state/company.atoms.ts';
import { editLinkAtom } from '../../state/link.atoms.ts';
import { goToStepAtom, stepAtom, validStepsAtom } from '../../state/steps.atoms.ts';
import { AddressesPanel } from '../addresses/AddressesPanel.tsx';
import { Banners } from '../controls/Banners.tsx';
import { InvalidLink } from '../controls/InvalidLink.tsx';
import { StepNav } from '../controls/StepNav.tsx';
import { Tabs } from '../controls/Tabs.tsx';
import { FinalisationPanel, ItemsPanel, LitePrice, SaveActions, SuccessPanel } from '../lazy-panels.ts';
import { LiteBar } from './LiteBar.tsx';
import { LiteHeader } from './LiteHeader.tsx';

/** The earlier four-step variant (spec §2): Adresses, Chargement, Prix, Contacts as tabs. */
export function Lite() {
  const step = useAtomValue(stepAtom);
  const valid = useAtomValue(validStepsAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const link = useAtomValue(editLinkAtom);
  const goToStep = useSetAtom(goToStepAtom);
  // A refused link and a saved booking are a single screen: no tabs, no bar.
  const single = link === 'invalid' ? <InvalidLink /> : step === STEPS.success ? <SuccessPanel /> : null;
  if (single) {
    return (
      <div className="shell lite" part="shell" lang="fr">
        {single}
      </div>
    );
  }
  return (
    <div className="shell lite" part="shell" lang="fr">
      <LiteHeader />
      <LiteBar />
      {/* A step label leads only to a navigable step (spec §2, §4); the arrows skip the others. */}
      <Tabs
        label="Étapes du devis"
        listClassName="lite-tabs"
        listPart="steps"
        panelClassName="main"
        panelPart="panel"
        selected={step}
        onSelect={(target) => goToStep(target)}
        tabs={workingSteps({ pricesAllowed: prices }).map((key, position) => ({
          key,
          unavailable: !isStepNavigable(key, valid),
          part: step === key ? 'step step-current' : 'step',
          label: (
            <>
              <span className="step-circle" aria-hidden="true">
                {position + 1}
              </span>
              <span className="tab-label">{STEP_LABELS.lite[key]}</span>
            </>
          ),
        }))}
      >
        <Banners />
        {step === STEPS.addresses && <AddressesPanel />}
        {step === STEPS.items && <ItemsPanel />}
        {step === STEPS.estimate && <LitePrice />}
        {step === STEPS.finalisation && <FinalisationPanel />}
      </Tabs>
      {step === STEPS.finalisation ? <SaveActions /> : <StepNav />}
    </div>
  );
}
