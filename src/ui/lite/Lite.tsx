import { useAtom, useAtomValue } from 'jotai';
import { isLiteStepNavigable, liteStepAfter, liteStepBefore, moveLiteCursor, PANELS, visibleLiteSteps } from '../../domain/index.ts';
import { pricesAllowedAtom } from '../../state/company.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { panelAtom, routeLoadingAtom, validStepsAtom } from '../../state/wizard.atoms.ts';
import { AddressesPanel } from '../addresses/AddressesPanel.tsx';
import { Banners } from '../controls/Banners.tsx';
import { ActionBar, BusySlot, NextButton } from '../controls/ActionBar.tsx';
import { BarTotal } from '../controls/BarTotal.tsx';
import { MissingHint } from '../controls/MissingHint.tsx';
import { missingAddressesAtom, missingItemsAtom } from '../../state/summary.atoms.ts';
import { FinalisationPanel, ItemsPanel, LitePrice, SaveActions, SuccessPanel } from '../deferred-parts.ts';
import { VariantContext } from '../variant.ts';
import { liteCursorAtom } from '../../state/lite.atoms.ts';
import { editLinkAtom } from '../../state/link.atoms.ts';
import { InvalidLink } from '../controls/InvalidLink.tsx';
import { Tabs } from '../controls/Tabs.tsx';
import { LiteBar } from './LiteBar.tsx';
import { LiteHeader } from './LiteHeader.tsx';

/** The earlier four-step variant (spec §2): Adresses, Chargement, Prix, Contacts as tabs. */
export function Lite() {
  const [cursor, setCursor] = useAtom(liteCursorAtom);
  const valid = useAtomValue(validStepsAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const loading = useAtomValue(routeLoadingAtom);
  const services = useAtomValue(servicesAtom);
  const saved = useAtomValue(panelAtom) === PANELS.success;
  const steps = visibleLiteSteps(prices);
  const link = useAtomValue(editLinkAtom);
  const missingAddresses = useAtomValue(missingAddressesAtom);
  const missingItems = useAtomValue(missingItemsAtom);

  const moveTo = (next: number) => {
    if (next === cursor) return;
    services?.messenger(next > cursor ? 'next_step' : 'previous_step', { step: next });
    setCursor(next);
  };
  // A step label moves the cursor only to a navigable step (spec §2, §4)…
  const go = (target: number) => moveTo(moveLiteCursor(cursor, target, valid, prices));
  // …while Suivant leaves a valid step for the next one, and Précédent always goes back.
  const goNext = () => {
    if (valid[cursor]) moveTo(liteStepAfter(cursor, prices));
  };
  // A refused link and a saved booking are a single screen: no tabs, no bar.
  const single = link === 'invalid' ? <InvalidLink /> : saved ? <SuccessPanel /> : null;
  if (single) {
    return (
      <VariantContext.Provider value="lite">
        <div className="shell lite" part="shell" lang="fr">
          {single}
        </div>
      </VariantContext.Provider>
    );
  }

  const missing = cursor === 0 ? missingAddresses : cursor === 1 ? missingItems : null;
  const showNext = cursor < 3 && valid[cursor];
  return (
    <VariantContext.Provider value="lite">
      <div className="shell lite" part="shell" lang="fr">
        <LiteHeader />
        <LiteBar />
        {/* The arrows move between the steps that can be reached (spec §2, §4), skipping the others. */}
        <Tabs
          label="Étapes du devis"
          listClassName="lite-tabs"
          listPart="steps"
          panelClassName="main"
          panelPart="panel"
          selected={cursor}
          onSelect={go}
          tabs={steps.map((step, position) => ({
            key: step.index,
            unavailable: !isLiteStepNavigable(step.index, valid),
            part: cursor === step.index ? 'step step-current' : 'step',
            label: (
              <>
                <span className="step-circle" aria-hidden="true">
                  {position + 1}
                </span>
                <span className="tab-label">{step.label}</span>
              </>
            ),
          }))}
        >
          <Banners />
          {cursor === 0 && <AddressesPanel />}
          {cursor === 1 && <ItemsPanel />}
          {cursor === 2 && <LitePrice />}
          {cursor === 3 && <FinalisationPanel />}
        </Tabs>
        {cursor === 3 ? (
          <SaveActions onPrevious={() => moveTo(liteStepBefore(cursor, prices))} />
        ) : (
          <ActionBar
            onPrevious={cursor > 0 ? () => moveTo(liteStepBefore(cursor, prices)) : null}
            hint={!showNext && !loading ? <MissingHint missing={missing} /> : null}
            total={<BarTotal />}
          >
            {loading ? <BusySlot /> : showNext && <NextButton onClick={goNext} />}
          </ActionBar>
        )}
      </div>
    </VariantContext.Provider>
  );
}
