import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CompanyDataSchema, type CompanyDataInput } from '../../src/domain/entities/company.ts';
import type { DriverPool } from '../../src/domain/entities/driver-pool.ts';
import { makeItem, type Item } from '../../src/domain/entities/item.ts';
import { makeStop, type Stop, type StopInput } from '../../src/domain/entities/stop.ts';
import type { FixedPrice } from '../../src/domain/entities/travel.ts';
import type { PriceGrid } from '../../src/domain/pricing/booked-fees.ts';
import type { PriceSource } from '../../src/domain/pricing/estimate.ts';
import { priceTrip, type PoolReading } from '../../src/domain/pricing/trip-price.ts';
import { displayedAmount } from '../../src/domain/pricing/vat.ts';
import { quoteRequestFor } from '../../src/domain/quotes/booking-choices.ts';
import { carrierPricing, chosenPool } from '../../src/domain/quotes/carrier-rules.ts';
import { quoteFigures, stopsFromAddresses, type PoolAnswer } from '../../src/domain/quotes/price-quote.ts';
import * as v from 'valibot';

/**
 * The price a visitor sees before the carrier's quote comes is the carrier's, to the cent (DESIGN
 * §5): the element's estimate (priceTrip, as estimate.atoms.ts calls it) and the server's quote
 * (quoteFigures of the request the element sends, as quote-service.ts prices it) are held to the
 * same figures, written out below from spec §9, none taken from the code under test.
 *
 * Every row drives the same trip, on one meridian (lng 2.35) so the driver's way back is plain
 * arithmetic: from 48° to 48.5°, 0.5° → 6371 km × 0.5 × π / 180 = 55.5975 km in a straight
 * line, × 1.5 = 83.3962 km of road, at 30 km/h (10 to 100 km) = 2.779873 h (spec §9). The
 * customer's road is 90 km in 1 h 15, so the driver drives 173.3962 km in 4.029873 h.
 *
 * The load: a sofa for two (2 m³, 0.5 h, 2 handlers, no lift) and 50 boxes (0.06 m³, 0.04 h):
 * 2 + 3 = 5 m³; two handlers on the largest item make it a moving (spec §9). Taken from the
 * 3rd floor without lift (× 1.1) to the ground floor (× 1): × 1.05 on average, so the sofa
 * 0.525 h and the boxes 2.1 h: 2.625 h, billed as 3 h.
 *
 * - The public transport fee: 173.3962 × 0.7 + 4.029873 × 15 = 181.83 → 182 € (above 38).
 * - The public handling: 3 h × 2 handlers × 30 €/h (moving) × 1.2 = 216 €.
 * - The earlier variant (the lite element): 181.83 + 30 (5 m³: the 5-to-10 tier) = 211.83 →
 *   212 €, sent as 182 € of transport and the tier's 30 € of handling.
 */
const onMeridian = (lat: number, stop: Partial<StopInput> = {}) => makeStop({ lat, lng: 2.35, floor: 0, geocodeResolved: true, ...stop });
const STOPS: Stop[] = [
  onMeridian(48, { type: 'pickup', floor: 3, elevator: false, index: 0, step: 1 }),
  onMeridian(48.5, { type: 'dropoff', index: 1, step: 2 }),
];
const LOAD: Item[] = [
  makeItem({ id: 12, name: 'Canapé 3 places', volume: 2, time_factor: 0.5, persons_needed: 2, elevator: false }),
  makeItem({ id: 40, name: 'Carton', volume: 0.06, time_factor: 0.04, quantity: 50 }),
];
const ROUTE = { distance: 90000, duration: 4500, legDurations: [4500], legDistances: [90000], responses: [], approximate: false };

const FORFAIT: DriverPool = {
  id: 6,
  name: 'Grille Forfait',
  default: false,
  mode: 'driving',
  apply_to: 'apply_to_travels',
  compute_price_func_body: 'return { transportation: 130.5, handling: 95.2, info: "Tarif forfaitaire appliqué." };',
  default_notes: '',
};
/** What the grid's code answers (VAT excluded), as the sandbox gives it to either side. */
const FORFAIT_ANSWER = {
  output: { transportation: 130.5, handling: 95.2, error: null, info: 'Tarif forfaitaire appliqué.', persons: null, amplitude_hour: null },
};
// Spec §5's text, written out.
const FORFAIT_DEFECT = { defect: 'La grille de [Grille Forfait] présente un défaut technique, contactez son responsable' };

const VISITOR: CompanyDataInput = { driver_pools: [{ id: 'public', name: 'Grille publique' }, FORFAIT] };
const COMPANY: CompanyDataInput = {
  company_mode: true,
  can_edit_price: true,
  handling_rates: { standard: 20, moving: 35 },
  driver_pools: [{ id: 'public', name: 'Grille publique' }, FORFAIT],
};
// An expense line of a company (spec §9: the custom costs' sum × 1.2): 2 × 10 € HT = 24 € TTC.
const EXPENSE = makeItem({ name: 'Péage', category: 'custom-cost', customPrice: 10, quantity: 2, volume: 0 });

interface Row {
  name: string;
  grid: PriceGrid;
  company: CompanyDataInput;
  items?: Item[];
  pool?: DriverPool;
  answer?: Exclude<PoolAnswer, null>;
  persons?: number;
  hours?: number;
  fixedPrice?: FixedPrice;
  /** Euros TTC, from spec §9 by hand. */
  transportation: number;
  handling: number;
  costs: number;
  source: PriceSource;
  poolError?: string;
  /** What the screen shows: the wizard's total TTC, a company's total HT, or the lite's price. */
  shown: 'total' | 'total HT' | 'lite';
  /** That figure, in cents, by hand. */
  shownCents: number;
}

const ROWS: Row[] = [
  {
    name: 'S161 S164 S165 S166 the wizard, a visitor on the public grid',
    grid: 'wizard',
    company: VISITOR,
    transportation: 182,
    handling: 216,
    costs: 0,
    source: 'public',
    shown: 'total',
    // 182 + 216 = 398 €.
    shownCents: 39800,
  },
  {
    name: 'S075 the wizard, a visitor on a grid priced by its code',
    grid: 'wizard',
    company: VISITOR,
    pool: FORFAIT,
    answer: FORFAIT_ANSWER,
    // 130.5 × 1.2 = 156.6 → 157 €; 95.2 × 1.2 = 114.24 → 114 €.
    transportation: 157,
    handling: 114,
    costs: 0,
    source: 'pool',
    shown: 'total',
    shownCents: 27100,
  },
  {
    name: 'S002 S115 S158 S164 a company on the public grid at its own rates, with an expense, HT',
    grid: 'wizard',
    company: COMPANY,
    items: [...LOAD, EXPENSE],
    transportation: 182,
    // 3 h × 2 × 35 €/h (the company's moving rate) × 1.2 = 252 €.
    handling: 252,
    costs: 24,
    source: 'public',
    shown: 'total HT',
    // 182 + 252 + 24 = 458 € TTC; / 1.2 = 381.666… → 381.67 € HT.
    shownCents: 38167,
  },
  {
    name: 'S075 S115 a company on its grid priced by its code, HT',
    grid: 'wizard',
    company: COMPANY,
    pool: FORFAIT,
    answer: FORFAIT_ANSWER,
    transportation: 157,
    handling: 114,
    costs: 0,
    source: 'pool',
    shown: 'total HT',
    // 271 € TTC / 1.2 = 225.833… → 225.83 € HT.
    shownCents: 22583,
  },
  {
    name: 'S162 S163 the lite element, a visitor on the public grid',
    grid: 'lite',
    company: VISITOR,
    transportation: 182,
    handling: 30,
    costs: 0,
    source: 'public',
    shown: 'lite',
    shownCents: 21200,
  },
  {
    name: 'S075 the lite element, a visitor on a grid priced by its code: the code’s price, not the tiers',
    grid: 'lite',
    company: VISITOR,
    pool: FORFAIT,
    answer: FORFAIT_ANSWER,
    transportation: 157,
    handling: 114,
    costs: 0,
    source: 'pool',
    shown: 'lite',
    shownCents: 27100,
  },
  {
    name: 'S171 S164 handlers and hours chosen by hand',
    grid: 'wizard',
    company: VISITOR,
    persons: 3,
    hours: 4,
    transportation: 182,
    // 4 h × 3 × 30 €/h × 1.2 = 432 €.
    handling: 432,
    costs: 0,
    source: 'public',
    shown: 'total',
    shownCents: 61400,
  },
  {
    name: 'S075 S105 S147 S148 a grid whose code failed: its defect stands in place of the price, on both sides',
    grid: 'wizard',
    company: VISITOR,
    pool: FORFAIT,
    answer: FORFAIT_DEFECT,
    transportation: 0,
    handling: 0,
    costs: 0,
    source: 'public',
    poolError: FORFAIT_DEFECT.defect,
    shown: 'total',
    shownCents: 0,
  },
  {
    name: 'S074 S113 S049 a company’s fixed price overrides the grid, in the lite element too',
    grid: 'lite',
    company: COMPANY,
    fixedPrice: { transportationPriceVatExcluded: 500, handlingPriceVatExcluded: 100 },
    // 500 × 1.2 = 600 €; 100 × 1.2 = 120 €.
    transportation: 600,
    handling: 120,
    costs: 0,
    source: 'fixed',
    shown: 'lite',
    shownCents: 72000,
  },
  {
    name: 'S074 S075 a fixed price stands even when the grid’s code failed',
    grid: 'wizard',
    company: COMPANY,
    pool: FORFAIT,
    answer: FORFAIT_DEFECT,
    fixedPrice: { transportationPriceVatExcluded: 500, handlingPriceVatExcluded: 100 },
    transportation: 600,
    handling: 120,
    costs: 0,
    source: 'fixed',
    poolError: FORFAIT_DEFECT.defect,
    shown: 'total HT',
    // 720 € TTC / 1.2 = 600 € HT.
    shownCents: 60000,
  },
];

const cents = (euros: number) => Math.round(euros * 100);
/** HT to the cent, as spec §7 sends it: the TTC cents divided by 1.2. */
const htCents = (ttcCents: number) => Math.round(ttcCents / 1.2);

describe('the element’s estimate is the carrier’s quote, to the cent (DESIGN §5)', () => {
  for (const row of ROWS) {
    it(`${row.name}: the element and the server price it alike, as spec §9 does`, () => {
      const company = v.parse(CompanyDataSchema, row.company);
      const items = row.items ?? LOAD;
      const choices = {
        grid: row.grid,
        stops: STOPS,
        items,
        vehicleCategoryId: null,
        poolId: row.pool?.id ?? 'public',
        persons: row.persons ?? null,
        hours: row.hours ?? null,
        customerDate: '',
        fixedPrice: row.fixedPrice ?? null,
      };

      // The element: its own state, priced at once.
      const element = priceTrip({
        stops: STOPS,
        items,
        route: ROUTE,
        vehicleCategories: company.vehicle_categories,
        vehicleCategoryId: null,
        vat: company.vat,
        rates: company.handling_rates,
        persons: choices.persons,
        hours: choices.hours,
        pool: (row.answer ?? null) satisfies PoolReading | null,
        fixedPrice: choices.fixedPrice,
        grid: row.grid,
      });

      // The server: the request the element sends, priced from the carrier's records.
      const request = quoteRequestFor({ ...choices, companyToken: company.company_mode ? 'jeton' : null });
      const carrier = carrierPricing(company, company.company_mode);
      const figures = quoteFigures(
        {
          grid: request.grid,
          stops: stopsFromAddresses(request.addresses),
          items: request.items,
          route: ROUTE,
          carrier,
          vehicleCategoryId: request.vehicle_category_id,
          pool: chosenPool(request, carrier) ?? null,
          persons: request.persons_needed,
          hours: request.handling_hours,
          date: request.date,
          fixedPrice: request.fixed_price,
        },
        row.answer ?? null,
      );

      // The fees, by hand, on both sides.
      assert.equal(cents(element.fees.transportation.fee), cents(row.transportation));
      assert.equal(cents(element.fees.handling.fee), cents(row.handling));
      assert.equal(cents(element.fees.additionnalCosts), cents(row.costs));
      assert.equal(figures.price_transportation, cents(row.transportation));
      assert.equal(figures.price_handling, cents(row.handling));
      assert.equal(figures.additional_costs, cents(row.costs));
      assert.equal(figures.price_transportation_ht, htCents(cents(row.transportation)));
      assert.equal(figures.price_handling_ht, htCents(cents(row.handling)));
      assert.equal(element.estimate.source, row.source);
      assert.equal(figures.source, row.source);
      assert.equal(element.estimate.poolError, row.poolError ?? null);
      assert.equal(figures.pool_error, row.poolError ?? null);

      // What the screen shows before the quote comes is what the quote says.
      const ttcTotal = row.poolError && !row.fixedPrice ? 0 : cents(row.transportation + row.handling + row.costs);
      assert.equal(figures.total, ttcTotal);
      assert.equal(figures.total_ht, htCents(ttcTotal));
      const shown =
        row.shown === 'lite'
          ? cents(element.fees.transportation.fee + element.fees.handling.fee)
          : cents(displayedAmount(element.estimate.total, row.shown === 'total HT', company.vat));
      const quoted =
        row.shown === 'lite'
          ? figures.price_transportation + figures.price_handling
          : row.shown === 'total HT'
            ? figures.total_ht
            : figures.total;
      assert.equal(shown, row.shownCents);
      assert.equal(quoted, row.shownCents);
    });
  }
});
