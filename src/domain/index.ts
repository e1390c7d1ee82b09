/**
 * The domain core: entities and their valibot schemas, pricing, route math, time rules,
 * validation and the API payload. Pure TypeScript (valibot and luxon only), so the
 * reference server and a carrier's backend price and validate exactly as the wizard does.
 */
export * from './constants.ts';
export * from './messages.ts';
export * from './format.ts';
export * from './same-data.ts';
export * from './format-dates.ts';
export * from './entities/index.ts';
export * from './pricing/vat.ts';
export * from './pricing/volume.ts';
export * from './pricing/truck.ts';
export * from './pricing/load-bar.ts';
export * from './pricing/floors.ts';
export * from './pricing/handling.ts';
export * from './pricing/lite-price.ts';
export * from './pricing/transport.ts';
export * from './pricing/costs.ts';
export * from './pricing/estimate.ts';
export * from './route/straight-line.ts';
export * from './route/chunking.ts';
export * from './route/preconditions.ts';
export * from './time/iso.ts';
export * from './time/defaults.ts';
export * from './time/choices.ts';
export * from './time/windows.ts';
export * from './time/arrival.ts';
export * from './validation/patterns.ts';
export * from './validation/form-result.ts';
export * from './validation/customer-form.ts';
export * from './validation/contact-form.ts';
export * from './validation/expense-form.ts';
export * from './validation/item-edit.ts';
export * from './validation/sub-items.ts';
export * from './validation/item-search.ts';
export * from './validation/pool-code.ts';
export * from './validation/input-limits.ts';
export * from './validation/submission.ts';
export * from './steps/validity.ts';
export * from './steps/step-model.ts';
export * from './steps/missing.ts';
export * from './pools/pool-selection.ts';
export * from './pools/pool-io.ts';
export * from './places/place-association.ts';
export * from './places/stop-notes.ts';
export * from './places/distinct-suggestions.ts';
export * from './items/custom-item.ts';
export * from './items/item-list.ts';
export * from './payload/travel-payload-schema.ts';
export * from './payload/travel-payload.ts';
export * from './payload/store-serialized.ts';
export * from './search/fold.ts';
export * from './payload/plausibility.ts';
export * from './pricing/price-check.ts';
