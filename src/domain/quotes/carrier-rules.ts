import { DEFAULT_CUSTOM_ITEM } from '../constants.ts';
import type { CompanyData, HandlingRates } from '../entities/company.ts';
import { isPublicPool, type DriverPool } from '../entities/driver-pool.ts';
import { isCostItem, type Item } from '../entities/item.ts';
import type { VehicleCategory } from '../entities/vehicle.ts';
import { parsePrice } from '../pricing/vat.ts';
import { tariffOf, tariffRates, tariffVehicleCategories } from '../tariff/default-tariff.ts';
import type { Tariff } from '../tariff/tariff.ts';
import type { ChoiceProblem, QuoteRequest } from './quote-request.ts';
import { optionProblems, type CarrierOption } from '../options/carrier-options.ts';
import { outsideAreaMessage, outsideServiceArea, servedDepartements } from '../carrier/service-area.ts';

/**
 * What prices a trip, from the carrier's own records: a company's data, or the public
 * configuration for pages without a company token. Nothing here ever comes from a request.
 */
export interface CarrierPricing {
  companyMode: boolean;
  /** What prices its trips: its saved tariff, or the default one built from its records. */
  tariff: Tariff;
  /** The saved version of that tariff (null: the default one), kept with each quote it prices. */
  tariffVersion: number | null;
  /** The tariff's VAT, handling rates and vehicles, as the rules read them. */
  vat: number;
  rates: HandlingRates | null;
  vehicleCategories: readonly VehicleCategory[];
  pools: readonly DriverPool[];
  /** The price editor may fix a price (spec §6 can_edit_price). */
  canEditPrice: boolean;
  /** Predefined fees and hand-set prices are hidden (spec §6 hide_custom_price). */
  hideCustomPrice: boolean;
  /** The options the carrier prices (Réglages, Options). */
  options: readonly CarrierOption[];
  /** The départements it serves (none: everywhere), and the phone its refusal gives. */
  serviceArea: { departements: readonly string[]; phone: string };
}

export function carrierPricing(data: CompanyData, companyMode: boolean): CarrierPricing {
  return withTariff(
    {
      companyMode,
      pools: data.driver_pools,
      canEditPrice: companyMode && data.can_edit_price,
      hideCustomPrice: data.hide_custom_price,
      options: data.options,
      serviceArea: {
        departements: servedDepartements(data.transportation_company?.service_area ?? ''),
        phone: data.transportation_company?.phone_number ?? '',
      },
    },
    tariffOf(data),
    data.tariff === null ? null : data.tariff_version,
  );
}

/** The same carrier priced on another tariff (a draft the carrier simulates before saving it). */
export function withTariff(
  carrier: Omit<CarrierPricing, 'tariff' | 'tariffVersion' | 'vat' | 'rates' | 'vehicleCategories'>,
  tariff: Tariff,
  version: number | null,
): CarrierPricing {
  return {
    companyMode: carrier.companyMode,
    tariff,
    tariffVersion: version,
    vat: tariff.vat,
    rates: tariffRates(tariff),
    vehicleCategories: tariffVehicleCategories(tariff),
    pools: carrier.pools,
    canEditPrice: carrier.canEditPrice,
    hideCustomPrice: carrier.hideCustomPrice,
    options: carrier.options,
    serviceArea: carrier.serviceArea,
  };
}

/** The pool a request names, from the carrier's pools; null for the public grid. Undefined when the carrier has no such pool. */
export function chosenPool(request: Pick<QuoteRequest, 'driver_pool_id'>, carrier: CarrierPricing): DriverPool | null | undefined {
  const id = request.driver_pool_id;
  if (id === null || isPublicPool({ id })) return null;
  return carrier.pools.find((pool) => String(pool.id) === String(id));
}

const hasPredefinedFee = (item: Item) =>
  parsePrice(item.predefinedTransportationFee) !== null || parsePrice(item.predefinedHandlingFee) !== null;

/**
 * Choices only some carriers' customers may make (spec §6): a known vehicle and grid; a fixed
 * price, predefined fees, hand-set handling prices and expense lines only for a company the
 * carrier's records allow to set prices (`can_edit_price`; fees and hand-set prices not when
 * it hides them). Each refusal names its field.
 */
export function carrierProblems(request: QuoteRequest, carrier: CarrierPricing): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  const vehicle = request.vehicle_category_id;
  if (vehicle !== null && !carrier.vehicleCategories.some((category) => String(category.id) === String(vehicle)))
    problems.push({ path: 'vehicle_category_id', message: 'Véhicule inconnu de ce transporteur' });
  if (chosenPool(request, carrier) === undefined)
    problems.push({ path: 'driver_pool_id', message: 'Grille tarifaire inconnue de ce transporteur' });
  problems.push(...handSetPriceProblems(request, carrier));
  problems.push(...optionProblems(request.options, carrier.options));
  const area = carrier.serviceArea;
  if (
    outsideServiceArea(
      request.addresses.map((address) => address.postal_code),
      area.departements,
    )
  )
    problems.push({ path: 'addresses', message: outsideAreaMessage(area.departements, area.phone) });
  return problems;
}

/**
 * The prices someone other than the carrier sets, refused where its records do not allow
 * them. A public visitor, and a customer with its booking's edit link alone (even on a
 * company's booking), is never allowed: `{ canEditPrice: false }` gives their refusals.
 */
export function handSetPriceProblems(
  request: Pick<QuoteRequest, 'fixed_price' | 'items'>,
  allowed: Pick<CarrierPricing, 'canEditPrice' | 'hideCustomPrice'>,
): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  if (request.fixed_price && !allowed.canEditPrice)
    problems.push({ path: 'fixed_price', message: 'Seul un client professionnel autorisé par le transporteur peut fixer le prix' });
  // A price someone else sets stands only where the carrier's records allow it (can_edit_price).
  const handSetAllowed = allowed.canEditPrice && !allowed.hideCustomPrice;
  const allowedBy = 'aux clients professionnels que le transporteur autorise à fixer leurs prix';
  request.items.forEach((item, index) => {
    if (hasPredefinedFee(item) && !handSetAllowed)
      problems.push({ path: `items.${index}.predefinedTransportationFee`, message: `Les frais prédéfinis sont réservés ${allowedBy}` });
    if (isCostItem(item) && !allowed.canEditPrice)
      problems.push({ path: `items.${index}.category`, message: `Les frais annexes sont réservés ${allowedBy}` });
    // The Prestation Spécifique comes with the spec's price; any other hand-set price is a company's.
    const specPrice = item.category === 'custom-item' && item.customPrice === DEFAULT_CUSTOM_ITEM.price;
    if (!isCostItem(item) && item.customPrice !== null && !specPrice && !handSetAllowed)
      problems.push({ path: `items.${index}.customPrice`, message: `Un prix de manutention imposé est réservé ${allowedBy}` });
  });
  return problems;
}

/** Bounds for what a visitor types about an object of their own (one unit). */
export const CUSTOM_ITEM_BOUNDS = { volume: 100, weight: 10_000, time_factor: 8, minimal_truck_capacity: 100 } as const;

/** An object not from the catalogue keeps what was typed, within bounds no real object passes. */
export function customItemProblems(item: Item, index: number): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  if (item.volume > CUSTOM_ITEM_BOUNDS.volume)
    problems.push({ path: `items.${index}.volume`, message: `Volume par unité de ${CUSTOM_ITEM_BOUNDS.volume} m³ au plus` });
  if (item.weight > CUSTOM_ITEM_BOUNDS.weight)
    problems.push({ path: `items.${index}.weight`, message: `Poids par unité de ${CUSTOM_ITEM_BOUNDS.weight} kg au plus` });
  if (item.time_factor > CUSTOM_ITEM_BOUNDS.time_factor)
    problems.push({
      path: `items.${index}.time_factor`,
      message: `Temps de manutention par unité de ${CUSTOM_ITEM_BOUNDS.time_factor} h au plus`,
    });
  if (item.minimal_truck_capacity > CUSTOM_ITEM_BOUNDS.minimal_truck_capacity)
    problems.push({
      path: `items.${index}.minimal_truck_capacity`,
      message: `Capacité minimale de véhicule de ${CUSTOM_ITEM_BOUNDS.minimal_truck_capacity} m³ au plus`,
    });
  return problems;
}
