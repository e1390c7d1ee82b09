import { useAtomValue } from 'jotai';
import { pricesAllowedAtom } from '../../state/company.atoms.ts';
import { panelAtom } from '../../state/wizard.atoms.ts';
import { AddressesPanel } from '../addresses/AddressesPanel.tsx';
import { Banners } from '../controls/Banners.tsx';
import { ItemsPanel } from '../items/ItemsPanel.tsx';
import { EstimatePanel } from '../estimate/EstimatePanel.tsx';
import { FinalisationPanel } from '../finalisation/FinalisationPanel.tsx';
import { SuccessPanel } from '../finalisation/SuccessPanel.tsx';
import { PanelHeading } from './PanelHeading.tsx';
import { WizardNav } from './WizardNav.tsx';

/** The five-panel wizard (spec §2), one panel at a time. */
export function Wizard() {
  const panel = useAtomValue(panelAtom);
  const prices = useAtomValue(pricesAllowedAtom);
  const visible = prices ? 4 : 3;
  const position = prices || panel < 2 ? panel + 1 : panel;
  return (
    <div className="shell" part="shell" lang="fr">
      <Banners />
      <PanelHeading panel={panel} visibleCount={visible} position={position} />
      {panel === 0 && <AddressesPanel />}
      {panel === 1 && <ItemsPanel />}
      {panel === 2 && <EstimatePanel />}
      {panel === 3 && <FinalisationPanel />}
      {panel === 4 && <SuccessPanel />}
      <WizardNav />
    </div>
  );
}
