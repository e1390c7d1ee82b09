// The parts of the first panel that need dates in France (luxon), in one chunk fetched as the
// panel shows (see deferred-time-parts.ts): the address fields are ready before them.
export { StopTimes } from './addresses/StopTimes.tsx';
export { LiteDateField } from './lite/LiteDateField.tsx';
