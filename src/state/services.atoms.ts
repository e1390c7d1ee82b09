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
}

export const servicesAtom = atom<Services | null>(null);
