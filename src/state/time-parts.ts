// The state that needs dates in France (luxon), in one chunk: the schedule every travel gets
// on arrival, a pool's time windows and saving. The session fetches it as the first panel
// shows; the first panel itself needs none of it (issue 17).
export { settleSchedule } from './schedule.ts';
export { saveBooking } from './booking.ts';
export { applyAmplitude } from '../domain/time/windows.ts';
