import { ATTRIBUTES, type AttributeProperty } from '../src/state/attributes.ts';
import { EVENTS, type TransportQuoteEventMap } from './events.ts';

/**
 * The elements' public contract, written once: the element defines its attributes and
 * properties from these lists, and custom-elements.json is generated from them at build time
 * (custom-elements-manifest.config.mjs), so the manifest, the docs and the element cannot
 * disagree. The attributes are listed with the parser that reads them (src/state/attributes.ts),
 * the events with their payloads (events.ts); CSS custom properties come from
 * src/ui/styles.css, parts from the list below.
 */
export { ATTRIBUTES, EVENTS };
export type { TransportQuoteEventMap };

interface PropertyDoc {
  name: string;
  type: string;
  description: string;
}
interface PartDoc {
  name: string;
  description: string;
}

type AttributeSpec = (typeof ATTRIBUTES)[AttributeProperty];

/**
 * What each attribute means, for custom-elements.json and the docs page; the type makes sure
 * every attribute of the list has one. Kept out of the list itself, which the element's
 * script carries: the page never needs this prose.
 */
export const ATTRIBUTE_DESCRIPTIONS = {
  apiBase: 'Base URL of the booking API. Default: the page’s origin.',
  companyToken:
    'Company token: sent as company_token with bookings, used for saved places, contacts and, without a company data block, to fetch the company store.',
  carrierKey:
    'The carrier’s public key (tqw_pk_…, from its back office: Réglages, Intégrer à mon site), sent as X-Carrier-Key: quotes, bookings and item searches are made on that carrier’s records and reach its back office; without a company data block or token, the carrier’s public data (references, VAT, rates, vehicles) is fetched with it. Public: it opens nothing private.',
  mode: 'Public visitor or company customer. Default: the company data’s company_mode.',
  travelId: 'Id of an existing booking to edit (saved by PATCH).',
  travelToken: 'Token of that booking; without a travel data block the booking is fetched with it.',
  mapsKey: 'Google Maps key. A google.maps already on the page is reused instead.',
  mapsProvider:
    'Maps provider. Default: google with a key or google.maps on the page, else geoplateforme (keyless French national geocoder and IGN routing); local is the demo server’s offline geocoder.',
  mapsVisible: 'Shows the map panel (route and numbered markers). ?mapsVisible=true in the page URL does the same.',
  parentOrigin: 'Target origin for postMessage when framed. Without it, messages go to "*" and a booking token is left out.',
  dashboardBase: 'Where the side frame’s dashboard page lives. Default: api-base.',
} as const satisfies Record<AttributeProperty, string>;

/** An attribute's type as custom-elements.json states it. */
export function attributeTypeText(spec: AttributeSpec): string {
  if (spec.kind === 'presence') return 'boolean (presence)';
  if (spec.kind === 'choice') return spec.values.map((value) => `'${value}'`).join(' | ');
  return 'string';
}

/** The data properties and hooks a host sets on the element (write-only), by name: what the element's script needs of them. */
export const DATA_PROPERTY_NAMES = ['travelStore', 'companyStore', 'travelInfos', 'clock', 'fetch'] as const;

/** The same, documented for custom-elements.json. */
export const DATA_PROPERTIES = [
  {
    name: 'travelStore',
    type: 'TravelState (JSON)',
    description:
      'Same as a <script type="application/json" data-store="travel"> child: the travel to show. Parsed with valibot; a bad value shows a French banner.',
  },
  {
    name: 'companyStore',
    type: 'CompanyData (JSON)',
    description: 'Same as data-store="company": the company data (places, pools, flags, permissions…).',
  },
  { name: 'travelInfos', type: 'TravelInfos (JSON)', description: 'Same as data-store="infos": travel_id, token, state, driver_pool_id.' },
  {
    name: 'clock',
    type: '() => Date',
    description:
      'The element’s clock, write-only; default: the machine’s. Every date rule reads it (default day and time, past days, quarter hours). Set it before the element starts, e.g. to the server’s time or a fixed instant in tests.',
  },
  {
    name: 'fetch',
    type: 'typeof fetch | null',
    description:
      'The fetch every call to the booking API goes through; write-only. Default: the page’s fetch. For a host that adds headers or logs its calls (and for tests).',
  },
] as const satisfies readonly (PropertyDoc & { name: (typeof DATA_PROPERTY_NAMES)[number] })[];

/** The parts a host may restyle with ::part(). */
export const CSS_PARTS = [
  { name: 'action-bar', description: 'Barre d’actions collante' },
  { name: 'aside', description: 'Colonne de résumé (écrans larges)' },
  { name: 'banner', description: 'Chaque bandeau' },
  { name: 'banners', description: 'Pile des bandeaux' },
  { name: 'button-primary', description: 'Boutons principaux' },
  { name: 'button-secondary', description: 'Boutons secondaires' },
  { name: 'dialog', description: 'Fenêtres de dialogue' },
  { name: 'header', description: 'En-tête de l’assistant (indicateur d’étapes et titre)' },
  { name: 'hint', description: 'Ligne qui dit ce qui manque' },
  { name: 'item', description: 'Ligne d’un objet' },
  { name: 'lite-bar', description: 'Seconde barre de la variante légère' },
  { name: 'lite-header', description: 'En-tête de la variante légère' },
  { name: 'map', description: 'Carte' },
  { name: 'nav', description: 'Autre nom de action-bar' },
  { name: 'panel', description: 'Panneau courant ou onglet de la variante légère' },
  { name: 'panel-title', description: 'Titre du panneau' },
  { name: 'price', description: 'Chaque total affiché' },
  { name: 'recap', description: 'Récapitulatif de la finalisation' },
  { name: 'shell', description: 'Boîte racine' },
  { name: 'side-frame', description: 'Cadre de suivi' },
  { name: 'step', description: 'Chaque étape' },
  { name: 'step-current', description: 'Étape courante' },
  { name: 'step-done', description: 'Étape terminée (un bouton pour y revenir)' },
  { name: 'steps', description: 'Indicateur d’étapes ou onglets de la variante légère' },
  { name: 'stop', description: 'Carte d’une étape du trajet' },
  { name: 'success', description: 'Panneau de réservation enregistrée' },
] as const satisfies readonly PartDoc[];

/**
 * The attribute-mirroring properties, from the list: strings that read and write their
 * attribute (a choice's values are offered, any text accepted; the presence of maps-visible
 * turns the map on).
 */
export type TransportQuoteAttributes = {
  [K in AttributeProperty]?: (typeof ATTRIBUTES)[K] extends { values: readonly (infer Value extends string)[] }
    ? Value | (string & {})
    : string;
};

/** What both tags add to HTMLElement besides the attribute properties. */
export interface QuoteElementDataProperties {
  /** Same as a data-store="travel" block; write-only. */
  travelStore: unknown;
  /** Same as a data-store="company" block; write-only. */
  companyStore: unknown;
  /** Same as a data-store="infos" block; write-only. */
  travelInfos: unknown;
  /**
   * The element's clock, a function returning the current Date; write-only. Default: the
   * machine's clock. Every date rule (default day, past days, quarter hours) reads it.
   */
  clock: () => Date;
  /**
   * The fetch every call to the booking API goes through; write-only. Default: the page's
   * fetch. For a host that adds headers or logs its calls (and for tests).
   */
  fetch: typeof fetch | null;
}
