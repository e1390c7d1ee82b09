import { deferred } from './controls/deferred.tsx';

// The stop times and the earlier variant's date (their lists, France's clock): they come in
// one chunk right after the first panel shows, so the address fields are ready first.
const timeFields = () => import('./chunk-time-fields.ts');

export const StopTimes = deferred(() => timeFields().then((m) => m.StopTimes), 'les horaires', 'times-waiting');
export const LiteDateField = deferred(() => timeFields().then((m) => m.LiteDateField), 'la date du transport', 'field-waiting');
