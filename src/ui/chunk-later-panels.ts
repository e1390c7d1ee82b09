// The chunk of screens a visitor reaches after the first panel, loaded through lazy-panels.ts.
export { ItemsPanel } from './items/ItemsPanel.tsx';
export { EstimatePanel } from './estimate/EstimatePanel.tsx';
export { LitePrice } from './lite/LitePrice.tsx';
export { FinalisationPanel } from './finalisation/FinalisationPanel.tsx';
export { Recap } from './finalisation/Recap.tsx';
export { SuccessPanel } from './finalisation/SuccessPanel.tsx';
export { SaveActions } from './finalisation/SaveActions.tsx';
