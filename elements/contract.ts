import type { HostMessages } from '../src/services/host-messaging.ts';

/** The attributes of DESIGN §3 that have a string property (el.apiBase ↔ api-base); quote-element.ts defines them. */
export const ATTRIBUTE_PROPS = {
  apiBase: 'string',
  companyToken: 'string',
  mode: 'string',
  travelId: 'string',
  travelToken: 'string',
  mapsKey: 'string',
  mapsProvider: 'string',
  mapsVisible: 'string',
  parentOrigin: 'string',
  dashboardBase: 'string',
} as const;

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
