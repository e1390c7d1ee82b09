import { useAtom, useAtomValue } from 'jotai';
import { useRef, type KeyboardEvent } from 'react';
import { isLiteStepNavigable, liteStepAfter, liteStepBefore, moveLiteCursor, visibleLiteSteps } from '../../domain/index.ts';
import { pricesAllowedAtom } from '../../state/company.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { loadingAtom, panelAtom, validStepsAtom } from '../../state/wizard.atoms.ts';
import { AddressesPanel } from '../addresses/AddressesPanel.tsx';
import { Banners } from '../controls/Banners.tsx';
import { Spinner } from '../controls/Spinner.tsx';
import { FinalisationPanel } from '../finalisation/FinalisationPanel.tsx';
import { SuccessPanel } from '../finalisation/SuccessPanel.tsx';
import { ItemsPanel } from '../items/ItemsPanel.tsx';
import { VariantContext } from '../variant.ts';
import { liteCursorAtom } from '../../state/lite.atoms.ts';
import { LiteBar } from './LiteBar.tsx';
import { LiteHeader } from './LiteHeader.tsx';
import { LitePrice } from './LitePrice.tsx';

/** The earlier four-step variant (spec §2): Adresses, Chargement, Prix, Contacts as tabs. */
export function Lite() {
  const [cursor, setCursor] = useAtom(liteCursorAtom);
  const valid = useAtomValue(validStepsAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const loading = useAtomValue(loadingAtom);
  const services = useAtomValue(servicesAtom);
  const saved = useAtomValue(panelAtom) === 4;
  const steps = visibleLiteSteps(prices);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

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
  // Arrows move between the steps that can be reached (the tab pattern), skipping the others.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const enabled = steps.filter((step) => isLiteStepNavigable(step.index, valid) || step.index === cursor);
    const at = enabled.findIndex((step) => step.index === cursor);
    const target = enabled[(at + (event.key === 'ArrowRight' ? 1 : -1) + enabled.length) % enabled.length];
    if (target) {
      go(target.index);
      tabs.current[target.index]?.focus();
    }
  };

  if (saved) {
    return (
      <VariantContext.Provider value="lite">
        <div className="shell lite" part="shell" lang="fr">
          <h2 className="panel-title" part="panel-title">Votre réservation est enregistrée !</h2>
          <SuccessPanel />
        </div>
      </VariantContext.Provider>
    );
  }

  return (
    <VariantContext.Provider value="lite">
      <div className="shell lite" part="shell" lang="fr">
        <LiteHeader />
        <LiteBar />
        <div role="tablist" aria-label="Étapes du devis" className="tabs" onKeyDown={onKeyDown}>
          {steps.map((step) => (
            <button
              key={step.index}
              ref={(node) => { tabs.current[step.index] = node; }}
              role="tab"
              type="button"
              id={`lite-tab-${step.index}`}
              aria-selected={cursor === step.index}
              aria-controls="lite-panel"
              tabIndex={cursor === step.index ? 0 : -1}
              disabled={cursor !== step.index && !isLiteStepNavigable(step.index, valid)}
              className={cursor === step.index ? 'current' : undefined}
              onClick={() => go(step.index)}
            >
              {step.label}
            </button>
          ))}
        </div>
        <Banners />
        <div role="tabpanel" id="lite-panel" aria-labelledby={`lite-tab-${cursor}`}>
          {cursor === 0 && <AddressesPanel />}
          {cursor === 1 && <ItemsPanel />}
          {cursor === 2 && <LitePrice />}
          {cursor === 3 && <FinalisationPanel />}
        </div>
        <nav className="nav" aria-label="Navigation entre les étapes">
          {cursor > 0 ? <button type="button" onClick={() => moveTo(liteStepBefore(cursor, prices))}>Précédent</button> : <span />}
          {loading ? <Spinner /> : cursor < 3 && valid[cursor] && <button type="button" className="primary" onClick={goNext}>Suivant</button>}
        </nav>
      </div>
    </VariantContext.Provider>
  );
}
