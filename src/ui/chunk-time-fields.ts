// The chunk of first-panel fields that need times in France, loaded through lazy-time-fields.ts.
export { StopTimes } from './addresses/StopTimes.tsx';
export { LiteDateField } from './lite/LiteDateField.tsx';
