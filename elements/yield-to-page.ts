/**
 * Ends the running task and resumes in a new one, so the browser may paint and answer the
 * visitor in between (issue 47: the elements' start is cut into tasks no longer than a bare
 * React element's). scheduler.yield() resumes ahead of other queued work where the browser has
 * it; else a message to self, which, unlike setTimeout, a background tab does not slow to once
 * a second.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
