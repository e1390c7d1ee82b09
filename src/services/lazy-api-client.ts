import type { ApiClient, ApiClientOptions } from './api-client.ts';
import { ApiError, NO_ANSWER_TEXT } from './api-error.ts';

/** What the element asks of its server: the API client's calls, each answering later. */
export type Api = Pick<
  ApiClient,
  | 'searchItems'
  | 'searchPlaces'
  | 'searchContacts'
  | 'searchCustomers'
  | 'fetchCompany'
  | 'fetchCarrier'
  | 'fetchTravel'
  | 'requestQuote'
  | 'requestDayQuotes'
  | 'createTravel'
  | 'updateTravel'
>;

/**
 * The API client with its schemas in a chunk of its own, fetched at the first call: the first
 * panel shows before the element asks its server anything. A call made while the chunk cannot
 * be fetched fails as a call that got no answer does, in the same French words.
 */
export function lazyApiClient(options: ApiClientOptions): Api {
  let client: Promise<ApiClient> | null = null;
  const load = () => {
    client ??= import('./api-client.ts').then(
      ({ ApiClient }) => new ApiClient(options),
      () => {
        throw new ApiError(NO_ANSWER_TEXT, null);
      },
    );
    client.catch(() => {
      client = null;
    });
    return client;
  };
  return {
    searchItems: async (...args) => (await load()).searchItems(...args),
    searchPlaces: async (...args) => (await load()).searchPlaces(...args),
    searchContacts: async (...args) => (await load()).searchContacts(...args),
    searchCustomers: async (...args) => (await load()).searchCustomers(...args),
    fetchCompany: async (...args) => (await load()).fetchCompany(...args),
    fetchCarrier: async () => (await load()).fetchCarrier(),
    fetchTravel: async (...args) => (await load()).fetchTravel(...args),
    requestQuote: async (...args) => (await load()).requestQuote(...args),
    requestDayQuotes: async (...args) => (await load()).requestDayQuotes(...args),
    createTravel: async (...args) => (await load()).createTravel(...args),
    updateTravel: async (...args) => (await load()).updateTravel(...args),
  };
}
