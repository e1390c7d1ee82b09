import * as v from 'valibot';
import { failureReason } from './api-failure.ts';
import { ApiError } from './api-error.ts';
import { ApiContactSchema, ApiCustomerSchema } from '../domain/entities/api-contact.ts';
import { CompanyDataSchema, type CompanyData } from '../domain/entities/company.ts';
import { BookingSchema, CreateTravelResponseSchema, type Booking, type CreateTravelResponse } from '../domain/payload/travel-answers.ts';
import { TravelPayloadSchema, type TravelPayload } from '../domain/payload/travel-payload-schema.ts';
import { ItemSchema, type Item } from '../domain/entities/item.ts';
import { withoutNulls } from '../domain/entities/lenient-object.ts';
import { SavedPlaceSchema } from '../domain/entities/saved-place.ts';
import { QuoteSchema, type Quote } from '../domain/quotes/quote-answer.ts';
import { QuoteRequestSchema, type QuoteRequest } from '../domain/quotes/quote-request.ts';
import { DayQuotesRequestSchema, DayQuotesSchema, type DayQuotes, type DayQuotesRequest } from '../domain/payload/day-quotes.ts';

export { ApiError };

/** How long a call may take before the user is told to retry. */
export const REQUEST_TIMEOUT_MS = 15000;
export const SEARCH_TIMEOUT_MS = 8000;

/** A booking as GET /api/v1/travels/{id} answers it, read with the schema the server publishes. */
export type StoredTravelResponse = Booking;

export interface ApiClientOptions {
  apiBase: string;
  fetchImpl?: typeof fetch;
  /** Item, place and contact searches log their failures here (spec §8). */
  log?: (message: string, error: unknown) => void;
  /** The page's carrier-key, read at each call (the attribute changes live); sent as X-Carrier-Key. */
  carrierKey?: () => string | null;
}

/** A carrier's back end sends null for "not set" (spec §9's fallbacks then apply). */
const nullsAbsent = <S extends v.GenericSchema>(schema: S) => v.pipe(v.unknown(), v.transform(withoutNulls), schema);

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/**
 * Every call of spec §7 and the extensions. Each answer is parsed with valibot before it is
 * used; searches keep only the latest query's answer (earlier requests are aborted).
 */
export class ApiClient {
  private readonly fetchImpl: typeof fetch;
  private readonly latest = new Map<string, AbortController>();

  constructor(private readonly options: ApiClientOptions) {
    this.fetchImpl = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  }

  get apiBase(): string {
    return this.options.apiBase;
  }

  private async request<S extends v.GenericSchema>(
    schema: S,
    path: string,
    init: RequestInit,
    timeoutMs: number,
    outer?: AbortSignal,
  ): Promise<v.InferOutput<S>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    const abortFromOuter = () => controller.abort(outer?.reason);
    outer?.addEventListener('abort', abortFromOuter, { once: true });
    try {
      const key = this.options.carrierKey?.() ?? null;
      const headers = { ...(init.headers as Record<string, string> | undefined), ...(key ? { 'x-carrier-key': key } : {}) };
      const response = await this.fetchImpl(joinUrl(this.options.apiBase, path), { ...init, headers, signal: controller.signal });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok)
        throw new ApiError(
          failureReason({ status: response.status, body, retryAfter: response.headers.get('retry-after') }),
          response.status,
          body,
        );
      const parsed = v.safeParse(schema, body);
      if (!parsed.success) throw new ApiError(failureReason({ status: response.status, unexpected: true }), response.status);
      return parsed.output;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (outer?.aborted) throw error;
      const timedOut = controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
      throw new ApiError(failureReason({ status: null, timedOut }), null);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abortFromOuter);
    }
  }

  /** A search whose earlier, unanswered requests of the same kind are aborted. */
  private async latestOnly<S extends v.GenericSchema>(
    kind: string,
    schema: S,
    path: string,
    headers?: Record<string, string>,
  ): Promise<v.InferOutput<S> | null> {
    this.latest.get(kind)?.abort();
    const controller = new AbortController();
    this.latest.set(kind, controller);
    try {
      return await this.request(schema, path, { method: 'GET', ...(headers ? { headers } : {}) }, SEARCH_TIMEOUT_MS, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return null;
      this.options.log?.(`Recherche impossible (${kind})`, error);
      return [] as v.InferOutput<S>;
    } finally {
      if (this.latest.get(kind) === controller) this.latest.delete(kind);
    }
  }

  /**
   * Catalogue search (spec §7); errors give an empty list, a superseded query gives null
   * (its answer must not replace a newer one).
   */
  searchItems(query: string, company?: { id: string | number | null; token: string | null }): Promise<Item[] | null> {
    const params = new URLSearchParams({ q: query });
    // The company's own items come with its token only (they are private to it); else the public catalogue.
    const own = company && company.id !== null && company.token ? company : null;
    if (own) params.set('c', String(own.id));
    return this.latestOnly(
      'items',
      v.array(ItemSchema),
      `/api/v1/items/search?${params}`,
      own ? { authorization: `Bearer ${own.token}` } : undefined,
    );
  }

  searchPlaces(companyToken: string, query: string) {
    return this.latestOnly(
      'places',
      nullsAbsent(v.array(SavedPlaceSchema)),
      `/api/v1/companies/${encodeURIComponent(companyToken)}/places?${new URLSearchParams({ q: query })}`,
    );
  }

  searchContacts(companyToken: string, query: string) {
    return this.latestOnly(
      'contacts',
      v.array(ApiContactSchema),
      `/api/v1/companies/${encodeURIComponent(companyToken)}/contacts?${new URLSearchParams({ q: query })}`,
    );
  }

  /** The company's customers matching the words: the reference server's search, asked only when the block says it lacks some. */
  searchCustomers(companyToken: string, query: string) {
    return this.latestOnly(
      'customers',
      v.array(ApiCustomerSchema),
      `/api/v1/companies/${encodeURIComponent(companyToken)}/customers?${new URLSearchParams({ q: query })}`,
    );
  }

  fetchCompany(companyToken: string): Promise<CompanyData> {
    return this.request(
      nullsAbsent(CompanyDataSchema),
      `/api/v1/companies/${encodeURIComponent(companyToken)}`,
      { method: 'GET' },
      REQUEST_TIMEOUT_MS,
    );
  }

  /** The public data of the carrier the page's key names (its references, VAT, rates, vehicles): a visitor's company data. */
  fetchCarrier(): Promise<CompanyData> {
    return this.request(nullsAbsent(CompanyDataSchema), '/api/v1/carrier', { method: 'GET' }, REQUEST_TIMEOUT_MS);
  }

  fetchTravel(id: string | number, token: string): Promise<StoredTravelResponse> {
    return this.request(
      BookingSchema,
      `/api/v1/travels/${encodeURIComponent(String(id))}`,
      { method: 'GET', headers: { authorization: `Bearer ${token}` } },
      REQUEST_TIMEOUT_MS,
    );
  }

  /**
   * The carrier's price for these choices (POST /api/v1/quotes): computed by the server from
   * its own records, signed, valid until its expires_at.
   */
  requestQuote(request: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
    const body = v.parse(QuoteRequestSchema, request);
    return this.request(
      QuoteSchema,
      '/api/v1/quotes',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      REQUEST_TIMEOUT_MS,
      signal,
    );
  }

  /**
   * The same choices priced on a range of days (POST /api/v1/quotes/days): each open day its
   * own signed quote, closed and full days said so.
   */
  requestDayQuotes(request: DayQuotesRequest, signal?: AbortSignal): Promise<DayQuotes> {
    const body = v.parse(DayQuotesRequestSchema, request);
    return this.request(
      DayQuotesSchema,
      '/api/v1/quotes/days',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      REQUEST_TIMEOUT_MS,
      signal,
    );
  }

  /** POST a new booking; the idempotency key makes a retry after a lost answer one booking. */
  createTravel(payload: TravelPayload, idempotencyKey: string): Promise<CreateTravelResponse> {
    const body = v.parse(TravelPayloadSchema, payload);
    return this.request(
      CreateTravelResponseSchema,
      '/api/v1/travels',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(body),
      },
      REQUEST_TIMEOUT_MS,
    );
  }

  /**
   * PATCH an existing booking: the token in the query (spec) and as a Bearer header (design).
   * Its answer (UpdatedTravelSchema) is not read: spec §7, 'Response: not shown'.
   */
  async updateTravel(id: string | number, token: string, payload: TravelPayload): Promise<void> {
    const body = v.parse(TravelPayloadSchema, payload);
    await this.request(
      v.unknown(),
      `/api/v1/travels/${encodeURIComponent(String(id))}?${new URLSearchParams({ token })}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      },
      REQUEST_TIMEOUT_MS,
    );
  }
}

/** A fresh idempotency key for a new booking attempt. */
export function newIdempotencyKey(): string {
  return `tqw-${crypto.randomUUID()}`;
}
