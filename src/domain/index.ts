/**
 * The domain as the package publishes it (`transport-quote-wizard/domain`): what a carrier's
 * backend, and the reference server, need to read, price and check a booking exactly as the
 * elements do. Pure TypeScript (valibot only; dates in France with Intl). Chosen here name by name: a module of
 * src/domain is not public because it exists, and renaming an internal helper breaks no one.
 * The elements themselves import the modules directly.
 */

// Business constants of spec §9, and the texts the spec gives verbatim.
export * from './constants.ts';
export { MESSAGES, poolDefectMessage } from './messages.ts';

// Entities and their schemas (spec §3): what the data blocks, the API and store_serialized hold.
export { IdSchema, type Id } from './entities/common.ts';
export { StopSchema, STREET_FLOOR, TASK_TYPES, TOP_FLOOR, makeStop, type Stop, type StopInput } from './entities/stop.ts';
export { ITEM_CATEGORIES, ItemSchema, MAX_QUANTITY, isCostItem, isLoadItem, makeItem, type Item, type ItemInput } from './entities/item.ts';
export { ContactSchema, makeContact, type Contact } from './entities/contact.ts';
export { CustomerSchema, makeCustomer, type Customer } from './entities/customer.ts';
export { DEFAULT_VEHICLE_CATEGORIES, type VehicleCategory } from './entities/vehicle.ts';
export {
  APPLY_TO_TRAVELS,
  DriverPoolSchema,
  PUBLIC_POOL_ID,
  isPublicPool,
  poolComputesPrice,
  type DriverPool,
  type TravelMode,
} from './entities/driver-pool.ts';
export { SavedPlaceSchema, type SavedPlace } from './entities/saved-place.ts';
export { ApiContactSchema, ApiCustomerSchema, type ApiContact, type ApiCustomer } from './entities/api-contact.ts';
export {
  COMPANY_BLOCK_DIRECTORY_MAX,
  CompanyDataSchema,
  publicCompanyData,
  type CompanyData,
  type CompanyDataInput,
  type HandlingRates,
} from './entities/company.ts';
export { canShowPrices } from './entities/permission.ts';
export { DEFAULT_DEVIS_VALIDITY_DAYS, TransportationCompanySchema, type TransportationCompany } from './entities/company.ts';
// The carrier's references and brand (Réglages, Entreprise): its SIRET's check, its colour's contrast.
export { formatSiret, isValidSiret, siretDigits, siretProblem } from './carrier/siret.ts';
export { BUTTON_TEXT_CONTRAST, brandColourProblem, contrastRatio, darkEnoughShade, normalHexColour } from './carrier/brand-colour.ts';
export {
  departementOfPostalCode,
  outsideAreaMessage,
  outsideServiceArea,
  readDepartements,
  servedDepartements,
} from './carrier/service-area.ts';
export type { RouteResult } from './entities/route-result.ts';
export {
  TravelInfosSchema,
  TravelStateSchema,
  makeTravelState,
  type Fees,
  type FixedPrice,
  type TravelInfos,
  type TravelState,
  type TravelStateInput,
} from './entities/travel.ts';

// The booking as sent (spec §7), and its travel state as carried in store_serialized.
export { TravelPayloadSchema, type TravelPayload } from './payload/travel-payload-schema.ts';
export { buildTravelPayload } from './payload/travel-payload.ts';
export { parseSerializedTravelState, serializeTravelState } from './payload/serialized-travel.ts';
export { implausibleFigures } from './payload/plausibility.ts';
export { composeAdditionalNotes } from './places/stop-notes.ts';
export { stopNoteTitle } from './places/stop-notes.ts';

// Pricing (DESIGN §5): route → volume → truck → handling → pool → fixed price.
export {
  displayedAmount,
  estimateTravel,
  feesFromEstimate,
  isPriceEstimated,
  type Estimate,
  type EstimateInput,
} from './pricing/estimate.ts';
export { HANDLING_FEE_TIERS, handlingTierFee, litePrice, litePriceParts } from './pricing/lite-price.ts';
export { billableHandlingHours, estimateHandling, handlingHourlyRate, isMoving } from './pricing/handling.ts';
export { FLOOR_MULTIPLIERS, floorMultiplier } from './pricing/floors.ts';
export { additionalCosts } from './pricing/costs.ts';
export { totalVolume } from './pricing/volume.ts';
export { pickVehicleCategory } from './pricing/truck.ts';
export { vehicleWords } from './pricing/price-words.ts';
export { publicTransportFee } from './pricing/transport.ts';
export { parsePrice, withVat, withoutVat } from './pricing/vat.ts';
export { amountOfTtc, formatCents, readTypedEuros, spreadsheetCents, toCents, type Amount, type Cents } from './money/cents.ts';
export {
  DEPOSIT_DUE_WORDS,
  DEPOSIT_DUES,
  DEPOSIT_LIMITS,
  depositCentsOf,
  DepositTermsSchema,
  depositWords,
  type DepositDue,
  type DepositTerms,
} from './money/deposit.ts';
export { PriceCheckSchema, type PriceCheck } from './pricing/price-check.ts';
export { bookedFees, type PriceGrid } from './pricing/booked-fees.ts';
export { priceTrip, type PoolReading, type TripPrice, type TripPriceInput } from './pricing/trip-price.ts';
export {
  POOL_CODE_LIMITS,
  PoolPriceInputSchema,
  PoolPriceOutputSchema,
  type PoolPriceInput,
  type PoolPriceOutput,
} from './pools/pool-io.ts';
export { poolPriceInput } from './pools/pool-input.ts';
export { poolFiguresFault, readPoolReply, type PoolFiguresFault } from './pools/pool-answer.ts';
export { isPoolCodeUsable } from './validation/pool-code.ts';

// The carrier's tariff as data (Réglages, Tarifs): its schema, the default one (spec §9's
// public grid), and the one function that prices a trip on it, in the page and the server alike.
export {
  FLOOR_MODES,
  SPEC_LITE_TIERS,
  TARIFF_BOUNDS,
  TariffSchema,
  type FloorMode,
  type KmBand,
  type LiteTier,
  type Season,
  type Tariff,
  type TariffInput,
  type TariffVehicle,
} from './tariff/tariff.ts';
export { defaultTariff, tariffOf, tariffRates, tariffVehicleCategories, type TariffBasis } from './tariff/default-tariff.ts';
export { CLOSED_DAY, tooSoonMessage } from './tariff/day-words.ts';
export { dayAvailability, dayRules, inSeason, type DayAvailability, type DayRules } from './tariff/day-rules.ts';
export { dayRefusal, firstChoosableDay, firstDayWithNotice, isClosedDay } from './tariff/bookable-days.ts';
export {
  floorRuleOf,
  kmPrice,
  liteTierFee,
  priceWithTariff,
  type TariffDetail,
  type TariffPrice,
  type TariffTrip,
} from './tariff/price-tariff.ts';

// The carrier's quote (POST /api/v1/quotes): a visitor's choices, priced from the carrier's own
// records, as the reference server does it; a carrier's backend may quote with the same code.
export {
  QuoteRequestSchema,
  choiceProblems,
  type ChoiceProblem,
  type QuoteRequest,
  type QuoteRequestInput,
} from './quotes/quote-request.ts';
export {
  carrierPricing,
  carrierProblems,
  handSetPriceProblems,
  chosenPool,
  customItemProblems,
  withTariff,
  type CarrierPricing,
} from './quotes/carrier-rules.ts';
export { handSetPriceBoundProblems, NEGATIVE_PRICE, overCeiling, quoteFigureProblems } from './quotes/price-bounds.ts';
export {
  poolInputFor,
  priceToSet,
  quoteFigures,
  stopsFromAddresses,
  type PoolAnswer,
  type QuoteFigures,
  type TripToPrice,
} from './quotes/price-quote.ts';
export { choicesFingerprint, quoteRequestOfBooking } from './quotes/booking-choices.ts';
export { QuoteFiguresSchema, QuoteSchema, type Quote } from './quotes/quote-answer.ts';
// A range of days priced together (the day chosen by its price): each day's own signed quote.
export {
  DAY_QUOTES_MAX,
  DAY_QUOTES_PAGE,
  DAY_STATUSES,
  DayQuoteSchema,
  DayQuotesRequestSchema,
  DayQuotesSchema,
  FULL_DAY,
  cheapestDay,
  type DayQuote,
  type DayQuotes,
  type DayQuotesRequest,
} from './payload/day-quotes.ts';

// The API's answers (spec §7 and the reference server's extensions): one schema each, which the
// server publishes and the elements read with.
export {
  BookingSchema,
  CreateTravelResponseSchema,
  PriceChangedSchema,
  UpdatedTravelSchema,
  type Booking,
  type CreateTravelResponse,
} from './payload/travel-answers.ts';
export { ErrorAnswerSchema, type FieldError } from './payload/error-answer.ts';

// The route without a road network (spec §9), and the directions' chunks.
export { driverRoute, greatCircleKm, straightLineRoute, type LatLng } from './route/straight-line.ts';
export { ignItineraryQuery, routeFromIgnAnswer } from './route/ign-itinerary.ts';
export { AddressLimitError, directionsChunks, sumRoutes } from './route/chunking.ts';

// Validation (spec §5) and search.
export { validateCustomer } from './validation/customer-form.ts';
export { validateContactRow } from './validation/contact-form.ts';
export { formsToCorrect } from './validation/submission.ts';
export { parseItemSearch } from './validation/item-search.ts';
export { foldText, searchWords, singular } from './search/fold.ts';

// Dates and figures as the French screens write them.
export { defaultTravelDate, defaultTravelTime } from './time/defaults.ts';
export { BOOKABLE_DAYS_AHEAD, bookableDaysFrom, daysFrom, lastBookableDay, plusDays } from './time/calendar-days.ts';
export { dayInFrance, instantInFrance } from './time/france-clock.ts';
export { EDIT_CLOSE_DAYS_DEFAULT, EDIT_CLOSE_DAYS_MAX, editsCloseAt, editsClosedMessage, editsOpen } from './time/edit-deadline.ts';
export { formatClock, formatDistance, formatDuration, formatPhone, formatPrice, formatVolume, NBSP } from './format.ts';
export { formatDateAndTime, formatLongDate, timeValueOf } from './format-dates.ts';

// The carrier's options (Réglages, Options): chosen on the estimate, priced by the quote.
export {
  CarrierOptionSchema,
  MAX_OPTIONS,
  OPTION_KINDS,
  OPTION_KIND_LABELS,
  OptionChoiceSchema,
  OptionChoicesSchema,
  inventoryPieces,
  optionLineLabel,
  optionLineText,
  optionProblems,
  optionTerms,
  optionsTotal,
  priceOptions,
  type CarrierOption,
  type CarrierOptionInput,
  type OptionChoice,
  type OptionKind,
  type OptionLine,
} from './options/carrier-options.ts';
export {
  CarrierPresetSchema,
  FURNISHINGS,
  HOME_SIZES,
  MAX_CARRIER_PRESETS,
  PRESET_LINES_MAX,
  carrierPresetFor,
  presetVolume,
  type CarrierPreset,
  type Furnishing,
  type HomeSize,
} from './items/carrier-presets.ts';
export { PRESET_CATALOGUE, homePresetItems, presetItems, presetLines } from './items/home-presets.ts';

// A stop's country as the server's checks and the carrier's pages read it.
export { saysFrance } from './entities/country.ts';

// What a visitor typed, as a document in the carrier's name may carry it (e-mails, devis).
export { isLinkLike, oneLine, printableVisitorText, withoutLinks } from './text/visitor-text.ts';
