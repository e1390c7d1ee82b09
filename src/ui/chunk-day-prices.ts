// The day chosen by its price, fetched once the trip has a route (lite/LiteDateField.tsx): its
// code, its sheet and its request come after the first panel.
export { DayPrices } from './days/DayPrices.tsx';
