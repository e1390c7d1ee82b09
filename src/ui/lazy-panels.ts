import { deferred } from './controls/deferred.tsx';

// The screens a visitor reaches after the first panel come in one chunk, fetched when the
// first of them shows: the first panel comes with only its own code, and one request
// brings all the others.
const later = () => import('./chunk-later-panels.ts');

export const ItemsPanel = deferred(() => later().then((m) => m.ItemsPanel), 'la liste des objets');
export const EstimatePanel = deferred(() => later().then((m) => m.EstimatePanel), 'l’estimation');
export const LitePrice = deferred(() => later().then((m) => m.LitePrice), 'le prix');
export const FinalisationPanel = deferred(() => later().then((m) => m.FinalisationPanel), 'la finalisation');
export const Recap = deferred(() => later().then((m) => m.Recap), 'le récapitulatif');
export const SuccessPanel = deferred(() => later().then((m) => m.SuccessPanel), 'la confirmation');
export const SaveActions = deferred(() => later().then((m) => m.SaveActions), 'l’enregistrement');
