/**
 * The only place in the elements that reads the machine's clock. Every rule and screen takes
 * the time from its element's session (Services.now), which starts on this clock and can be
 * given another one (the element's `clock` property: a test, a demo, or a host page that
 * knows the server's time better than the visitor's computer).
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock stopped at one instant (ISO 8601, or a Date). */
export function fixedClock(instant: string | Date): Clock {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) throw new RangeError(`transport-quote : instant invalide « ${String(instant)} »`);
  return () => new Date(time);
}
