// The code that prices a trip, in a chunk of its own: a price needs a route, so it is fetched
// with the first route asked (pricing-chunk.ts), not with the first panel.
export { estimateTravel, isPriceEstimated } from '../domain/pricing/estimate.ts';
export { priceTrip } from '../domain/pricing/trip-price.ts';
export { poolPriceInput } from '../domain/pools/pool-input.ts';
