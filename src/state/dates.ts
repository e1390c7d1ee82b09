// The chunk of state that needs dates in France, fetched through dates-chunk.ts only.
export { settleSchedule } from './schedule.ts';
export { applyAmplitude } from '../domain/time/windows.ts';
