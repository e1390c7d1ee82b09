import * as v from 'valibot';
import { DEFAULT_VAT, FALLBACK_CURRENCY_SYMBOL } from '../constants.ts';
import { ApiContactSchema, ApiCustomerSchema } from './api-contact.ts';
import { IdSchema, NonNegativeSchema, optionalName, optionalText } from './common.ts';
import { DriverPoolSchema } from './driver-pool.ts';
import { ItemSchema } from './item.ts';
import { PermissionSchema } from './permission.ts';
import { SavedPlaceSchema } from './saved-place.ts';
import { DEFAULT_VEHICLE_CATEGORIES, VehicleCategorySchema } from './vehicle.ts';
import { TariffSchema } from '../tariff/tariff.ts';
import { CarrierOptionSchema, MAX_OPTIONS } from '../options/carrier-options.ts';
import { CarrierPresetSchema, MAX_CARRIER_PRESETS } from '../items/carrier-presets.ts';

const flag = (fallback: boolean) => v.optional(v.boolean(), fallback);
const list = <T extends v.GenericSchema>(item: T, max = 500) => v.optional(v.pipe(v.array(item), v.maxLength(max)), []);

/** How many days a devis holds its price when the carrier sets none (Réglages, Entreprise). */
export const DEFAULT_DEVIS_VALIDITY_DAYS = 30;

/** The transport company behind the wizard, as shown to the customer. */
export const TransportationCompanySchema = v.object({
  id: v.optional(v.nullable(IdSchema), null),
  name: optionalName(),
  phone_number: v.optional(v.pipe(v.string(), v.maxLength(40)), ''),
  email: v.optional(v.pipe(v.string(), v.maxLength(254)), ''),
  /** The carrier's references a moving quote must carry (arrêté du 27 avril 2010): address, SIREN or RCS. */
  address: optionalText(),
  registration: optionalName(),
  /** Its own words on the quote: how the customer pays, and its liability and how to claim it. */
  payment_terms: optionalText(),
  liability_terms: optionalText(),
  /**
   * Set in the Réglages (Entreprise): the legal name beside the trade name above, the SIRET
   * (14 digits, checked there), the insurer and policy number, where its general terms are
   * read, and its brand colour ('#rrggbb', checked there for white text on buttons).
   */
  legal_name: optionalName(),
  siret: v.optional(v.pipe(v.string(), v.maxLength(20)), ''),
  insurer: optionalName(),
  insurance_policy: v.optional(v.pipe(v.string(), v.maxLength(80)), ''),
  terms_url: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
  brand_color: v.optional(v.pipe(v.string(), v.maxLength(20)), ''),
  /**
   * The references a moving devis must carry besides those above (arrêté du 27 avril 2010,
   * art. 1, 'les références de l'entreprise'; code de commerce R123-237 for the registers):
   * its legal form and capital, its trade or crafts register (RCS or RM with its town and
   * number), its number in the register of road transport companies.
   */
  legal_form: optionalName(),
  trade_register: optionalName(),
  transport_register: optionalName(),
  /**
   * The consumer mediator it belongs to (code de la consommation, L616-1 and R616-1): its name,
   * website and postal address, given on every devis and in the customer's e-mails.
   */
  mediator_name: optionalName(),
  mediator_website: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
  mediator_address: v.optional(v.pipe(v.string(), v.maxLength(300)), ''),
  /** How many days the carrier holds the price of a devis it made (default 30). */
  devis_validity_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365)), DEFAULT_DEVIS_VALIDITY_DAYS),
  /** The départements it serves, as stored ('75, 92, 93, 94'); '' for everywhere (carrier/service-area.ts). */
  service_area: v.optional(v.pipe(v.string(), v.maxLength(400)), ''),
  /** When it usually answers a request, in hours (a week at most): the success panel says it. */
  answer_within_hours: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(168))), null),
});
export type TransportationCompany = v.InferOutput<typeof TransportationCompanySchema>;

/** Hourly handling rates a company may set instead of the spec's 18 / 30 (VAT excluded, per handler). */
export const HandlingRatesSchema = v.object({ standard: NonNegativeSchema, moving: NonNegativeSchema });
export type HandlingRates = v.InferOutput<typeof HandlingRatesSchema>;

/**
 * The most saved places, contacts and customers a company data block carries. A server whose
 * directory holds more sends the first ones by name and searches the rest (spec §7: places
 * and contacts; the reference server's customers search, with `customers_partial`).
 */
export const COMPANY_BLOCK_DIRECTORY_MAX = 2000;

/** Company data block (spec §3 "Company data"), with the spec's defaults. */
export const CompanyDataSchema = v.object({
  company_token: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null),
  id: v.optional(v.nullable(IdSchema), null),
  company_mode: flag(false),
  places: list(SavedPlaceSchema, COMPANY_BLOCK_DIRECTORY_MAX),
  preferred_items: list(ItemSchema, 100),
  contacts: list(ApiContactSchema, COMPANY_BLOCK_DIRECTORY_MAX),
  customers: list(ApiCustomerSchema, COMPANY_BLOCK_DIRECTORY_MAX),
  /**
   * True when the company has more customers than `customers` carries (the first by name):
   * the element with the company token then searches them all through the API
   * (GET /api/v1/companies/{token}/customers?q=). False, the block holds every one.
   */
  customers_partial: flag(false),
  transportation_company: v.optional(v.nullable(TransportationCompanySchema), null),
  vat: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1)), DEFAULT_VAT),
  currency_symbol: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(5)), FALLBACK_CURRENCY_SYMBOL),
  can_edit_price: flag(false),
  permissions: list(PermissionSchema, 100),
  vehicle_categories: v.optional(v.pipe(v.array(VehicleCategorySchema), v.maxLength(100)), () => [...DEFAULT_VEHICLE_CATEGORIES]),
  driver_pools: list(DriverPoolSchema, 100),
  handling_rates: v.optional(v.nullable(HandlingRatesSchema), null),
  /**
   * The carrier's tariff (Réglages, Tarifs): what its quotes and the page's estimate are priced
   * with; null for a carrier that never wrote one, priced on the default tariff built from the
   * VAT, handling rates and vehicles above (spec §9's public grid).
   */
  tariff: v.optional(v.nullable(TariffSchema), null),
  /** The saved version the tariff is (its number in the carrier's history), null for the default one. */
  tariff_version: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
  /**
   * The deposit the carrier asks online (Réglages, Acompte), announced by the pages; null: none,
   * or no online payment. Parsed with DepositTermsSchema where it is read (state/deposit.atoms.ts,
   * after the first panel): its schema stays out of the first panel's script.
   */
  deposit: v.optional(
    v.pipe(
      v.unknown(),
      v.description(
        'L’acompte demandé en ligne : { kind: percent | amount, percent (1 à 50) ou amount_cents (100 à 1 000 000), due: devis_accepted | booking_accepted } ; null sans acompte ou sans paiement en ligne.',
      ),
    ),
    null,
  ),
  /** The carrier's options (Réglages, Options), priced HT at its VAT by the quote (options/carrier-options.ts). */
  options: list(CarrierOptionSchema, MAX_OPTIONS),
  /** The carrier's own preset inventories (Réglages, Catalogue); a home it did not edit takes the shipped one. */
  home_presets: list(CarrierPresetSchema, MAX_CARRIER_PRESETS),
  hide_address_floor: flag(false),
  hide_custom_price: flag(false),
  hide_custom_needs: flag(false),
  hide_search_items: flag(false),
  hide_handling_infos: flag(false),
  /** Hidden unless the company says otherwise (spec §6). */
  hide_vl_selector: flag(true),
  customer: v.optional(v.nullable(ApiCustomerSchema), null),
});
export type CompanyDataInput = v.InferInput<typeof CompanyDataSchema>;
export type CompanyData = v.InferOutput<typeof CompanyDataSchema>;

/** What a public visitor gets: no company, every default. */
export function publicCompanyData(): CompanyData {
  return v.parse(CompanyDataSchema, {});
}
