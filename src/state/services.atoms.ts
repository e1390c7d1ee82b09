import { atom } from 'jotai';
import type { Api } from '../services/lazy-api-client.ts';
import type { DraftStorage } from '../services/drafts.ts';
import type { Messenger } from '../services/host-messaging.ts';
import type { MapsProvider } from '../services/maps/provider.ts';
import type { PricingSandbox } from '../services/pricing/sandbox.ts';

/** The outside world of one element, set when it starts; atoms reach it through here. */
export interface Services {
  api: Api;
  messenger: Messenger;
  drafts: DraftStorage;
  /** Resolves to the maps provider, or rejects with the spec's French message. */
  provider: () => Promise<MapsProvider>;
  sandbox: () => PricingSandbox;
  now: () => Date;
  /**
   * A booking reopened by its link on a page that names no carrier: the key of the carrier whose
   * page made it (the API's carrier_key), said from then on on every call as the page's own
   * carrier-key would be. The attribute, when the page sets one, wins.
   */
  adoptCarrierKey: (key: string | null) => void;
}

export const servicesAtom = atom<Services | null>(null);
