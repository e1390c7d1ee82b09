import type { HostMessages } from '../src/services/host-messaging.ts';

/**
 * The elements' public contract, written once: the element defines its attributes and
 * properties from these lists, and custom-elements.json is generated from them at build time
 * (custom-elements-manifest.config.mjs), so the manifest, the docs and the element cannot
 * disagree. CSS custom properties come from src/ui/styles.css, parts from the list below.
 */
interface AttributeDoc {
  name: string;
  property: string;
  type: string;
  description: string;
}
interface PropertyDoc {
  name: string;
  type: string;
  description: string;
}
type EventDoc = PropertyDoc;
interface PartDoc {
  name: string;
  description: string;
}

/** The attributes (DESIGN §3), each with its string property; the manifest and the element are made from this list. */
export const ATTRIBUTES = [
  { name: 'api-base', property: 'apiBase', type: 'string', description: 'Base URL of the booking API. Default: the page’s origin.' },
  {
    name: 'company-token',
    property: 'companyToken',
    type: 'string',
    description:
      'Company token: sent as company_token with bookings, used for saved places, contacts and, without a company data block, to fetch the company store.',
  },
  {
    name: 'mode',
    property: 'mode',
    type: "'public' | 'company'",
    description: 'Public visitor or company customer. Default: the company data’s company_mode.',
  },
  { name: 'travel-id', property: 'travelId', type: 'string', description: 'Id of an existing booking to edit (saved by PATCH).' },
  {
    name: 'travel-token',
    property: 'travelToken',
    type: 'string',
    description: 'Token of that booking; without a travel data block the booking is fetched with it.',
  },
  {
    name: 'maps-key',
    property: 'mapsKey',
    type: 'string',
    description: 'Google Maps key. A google.maps already on the page is reused instead.',
  },
  {
    name: 'maps-provider',
    property: 'mapsProvider',
    type: "'google' | 'geoplateforme' | 'local'",
    description:
      'Maps provider. Default: google with a key or google.maps on the page, else geoplateforme (keyless French national geocoder and IGN routing); local is the demo server’s offline geocoder.',
  },
  {
    name: 'maps-visible',
    property: 'mapsVisible',
    type: 'boolean (presence)',
    description: 'Shows the map panel (route and numbered markers). ?mapsVisible=true in the page URL does the same.',
  },
  {
    name: 'parent-origin',
    property: 'parentOrigin',
    type: 'string',
    description: 'Target origin for postMessage when framed. A message carrying a token is never posted to "*".',
  },
  {
    name: 'dashboard-base',
    property: 'dashboardBase',
    type: 'string',
    description: 'Where the side frame’s dashboard page lives. Default: api-base.',
  },
] as const satisfies readonly AttributeDoc[];

/** The data properties and hooks a host sets on the element (write-only). */
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
] as const satisfies readonly PropertyDoc[];

/** The events dispatched on the element (bubbles, composed; posted to the parent window when framed). */
export const EVENTS = [
  {
    name: 'next_step',
    type: 'CustomEvent<{ step: number }>',
    description: 'The visitor moved to the next panel or step. Bubbles and is composed; also posted to the parent window when framed.',
  },
  {
    name: 'previous_step',
    type: 'CustomEvent<{ step: number }>',
    description: 'The visitor moved back. Bubbles and is composed; also posted to the parent window when framed.',
  },
  {
    name: 'travel_creation_succeed',
    type: 'CustomEvent<{ token: string, travelId: string | number }>',
    description: 'A new booking was saved. Bubbles and is composed; also posted to the parent window when framed.',
  },
  {
    name: 'travel_update_succeed',
    type: 'CustomEvent<{ travelId: string | number }>',
    description: 'An existing booking was updated. Bubbles and is composed; also posted to the parent window when framed.',
  },
] as const satisfies readonly EventDoc[];

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

/** Events dispatched on the elements (bubbles, composed), detail = the message payload. */
export interface TransportQuoteEventMap {
  next_step: CustomEvent<HostMessages['next_step']>;
  previous_step: CustomEvent<HostMessages['previous_step']>;
  travel_creation_succeed: CustomEvent<HostMessages['travel_creation_succeed']>;
  travel_update_succeed: CustomEvent<HostMessages['travel_update_succeed']>;
}

/** The attribute-mirroring properties (strings; presence of maps-visible turns the map on). */
export interface TransportQuoteAttributes {
  apiBase?: string;
  companyToken?: string;
  mode?: 'public' | 'company' | string;
  travelId?: string;
  travelToken?: string;
  mapsKey?: string;
  mapsProvider?: 'google' | 'geoplateforme' | 'local' | string;
  mapsVisible?: string;
  parentOrigin?: string;
  dashboardBase?: string;
}

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
