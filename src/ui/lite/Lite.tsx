import { useAtom, useAtomValue } from 'jotai';
import { useRef, type KeyboardEvent } from 'react';
import { formatPrice, isLiteStepNavigable, liteStepAfter, liteStepBefore, moveLiteCursor, visibleLiteSteps } from '../../domain/index.ts';
import { companyDataAtom, pricesAllowedAtom } from '../../state/company.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { loadingAtom, validStepsAtom } from '../../state/wizard.atoms.ts';
import { AddressesPanel } from '../addresses/AddressesPanel.tsx';
import { Banners } from '../controls/Banners.tsx';
import { Spinner } from '../controls/Spinner.tsx';
import { FinalisationPanel } from '../finalisation/FinalisationPanel.tsx';
import { ItemsPanel } from '../items/ItemsPanel.tsx';
import { liteCursorAtom, liteTotalAtom } from './lite.atoms.ts';

/** The earlier four-step variant (spec §2): Adresses, Chargement, Prix, Contacts as tabs. */
export function Lite() {
  const [cursor, setCursor] = useAtom(liteCursorAtom);
  const valid = useAtomValue(validStepsAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const loading = useAtomValue(loadingAtom);
  const total = useAtomValue(liteTotalAtom);
  const company = useAtomValue(companyDataAtom);
  const services = useAtomValue(servicesAtom);
  const steps = visibleLiteSteps(prices);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const go = (target: number) => {
    const next = moveLiteCursor(cursor, target, valid, prices);
    if (next === cursor) return;
    services?.messenger(next > cursor ? 'next_step' : 'previous_step', { step: next });
    setCursor(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const enabled = steps.filter((step) => isLiteStepNavigable(step.index, valid) || step.index === cursor);
    const at = enabled.findIndex((step) => step.index === cursor);
    const target = enabled[(at + (event.key === 'ArrowRight' ? 1 : -1) + enabled.length) % enabled.length];
    if (target) {
      go(target.index);
      tabs.current[target.index]?.focus();
    }
  };

  return (
    <div className="shell lite" part="shell" lang="fr">
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
      {prices && total > 0 && <p className="lite-total">Total : <strong>{formatPrice(total, company.currency_symbol)}</strong></p>}
      <div role="tabpanel" id="lite-panel" aria-labelledby={`lite-tab-${cursor}`}>
        {cursor === 0 && <AddressesPanel />}
        {cursor === 1 && <ItemsPanel />}
        {cursor === 2 && (total > 0 ? <p>Prix estimé : <strong>{formatPrice(total, company.currency_symbol)}</strong></p> : <p>Le prix sera fixé ultérieurement !</p>)}
        {cursor === 3 && <FinalisationPanel />}
      </div>
      <nav className="nav" aria-label="Navigation entre les étapes">
        {cursor > 0 ? <button type="button" onClick={() => go(liteStepBefore(cursor, prices))}>Précédent</button> : <span />}
        {loading ? <Spinner /> : cursor < 3 && valid[cursor] && <button type="button" className="primary" onClick={() => go(liteStepAfter(cursor, prices))}>Suivant</button>}
      </nav>
    </div>
  );
}
