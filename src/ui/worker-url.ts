/** Set at build time: where the pricing worker sits relative to the element's script. */
declare const __TQW_WORKER_PATH__: string;

/** The pricing sandbox worker's URL, next to the element's own script wherever it is served from. */
export function pricingWorkerUrl(scriptUrl: string): string {
  return new URL(__TQW_WORKER_PATH__, scriptUrl).href;
}
