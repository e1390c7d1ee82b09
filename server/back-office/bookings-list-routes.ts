import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { Readable } from 'node:stream';
import * as v from 'valibot';
import { BOOKING_STATES } from '../bookings/booking-states.ts';
import { countViews, everyBooking, listBookings, possibleDuplicates, VIEWS, type ListFilter } from '../db/carrier-bookings.ts';
import { signedBookings } from '../devis/devis-signature.ts';
import { readCompanyStore } from '../db/company-store.ts';
import { awaitingCustomer } from '../db/counter-offers.ts';
import { companyRecord } from '../pricing/carrier-records.ts';
import type { Sql } from '../db/sql.ts';
import { depositMarks } from './deposit-marks.ts';
import { renderBookingsPage } from './bookings-page.ts';
import { csvHeader, csvRows } from './csv.ts';
import { DONE } from './done-messages.ts';
import { readFrenchDay } from './french-day.ts';
import { dayOf, type Viewer } from './layout.ts';
import { page } from './office-page.ts';
import { incompleteNotice, missingMentions } from './settings/completeness-routes.ts';

const PAGE_SIZE = 50;

const ListQuery = v.object({
  vue: v.optional(v.union([v.picklist(VIEWS), v.literal('')]), ''),
  etat: v.optional(v.union([v.picklist(BOOKING_STATES), v.literal('')]), ''),
  // Read by readFrenchDay below: jj/mm/aaaa as typed, or aaaa-mm-jj as the links write it.
  du: v.optional(v.pipe(v.string(), v.maxLength(20)), ''),
  au: v.optional(v.pipe(v.string(), v.maxLength(20)), ''),
  q: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number)), '1'),
  fait: v.optional(v.string()),
  /** The booking a decision taken from the list concerns (its undo button). */
  reservation: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
});

interface ListRequest {
  filter: ListFilter;
  page: number;
  done: string | null;
  /** An acceptance taken from the list that can still be undone: its booking. */
  undo: number | null;
  typed: { du: string; au: string };
  dateError: string | null;
}

/** The list's filters as the query says them; a date that cannot be read is said, and not applied. */
function filterOf(request: FastifyRequest): ListRequest {
  const today = dayOf(new Date().toISOString());
  const query = v.safeParse(ListQuery, request.query);
  if (!query.success)
    return {
      filter: { view: 'a-traiter', today, state: null, from: null, to: null, query: '' },
      page: 1,
      done: null,
      undo: null,
      typed: { du: '', au: '' },
      dateError: null,
    };
  const { vue, etat, du, au, q, page: number, fait, reservation } = query.output;
  const from = readFrenchDay(du);
  const to = readFrenchDay(au);
  const unread = [from, to].some((day) => day === undefined);
  return {
    filter: {
      // A search without a tab looks through every booking: a name typed is found whatever its state.
      view: vue !== '' ? vue : etat || du || au || q.trim() ? 'toutes' : 'a-traiter',
      today,
      state: etat === '' ? null : etat,
      from: from ?? null,
      to: to ?? null,
      query: q.trim(),
    },
    page: Math.max(1, number),
    done: fait ? (DONE[fait] ? `${DONE[fait]}${reservation ? ` (réservation n°\u00a0${reservation})` : ''}` : null) : null,
    undo: fait === 'acceptee-annulable' && reservation !== undefined ? reservation : null,
    typed: { du: du.trim(), au: au.trim() },
    dateError: unread
      ? 'Date illisible\u00a0: écrivez le jour, le mois et l’année, par exemple 17/12/2026. Ce filtre n’est pas appliqué.'
      : null,
  };
}

/** The hours the company promises its customers an answer within (Réglages, Entreprise), or null. */
async function answerPromise(sql: Sql, companyId: number): Promise<number | null> {
  const store = await readCompanyStore(sql, companyId);
  return store === null ? null : (companyRecord(store).transportation_company?.answer_within_hours ?? null);
}

export interface BookingsListDeps {
  sql: Sql;
  signedIn: preHandlerHookHandler;
  viewerOf: (request: FastifyRequest, reply: FastifyReply) => Viewer;
}

/** The company's bookings: the dispatcher's tabs, search and filters, a page at a time, and the same list as CSV. */
export function bookingsListRoutes(office: FastifyInstance, { sql, signedIn, viewerOf }: BookingsListDeps): void {
  office.get('/reservations', { preHandler: signedIn }, async (request, reply) => {
    const { filter, page: number, done, undo, typed, dateError } = filterOf(request);
    const { scope, role, companyId } = request.carrier!;
    const [{ bookings, total }, counts] = await Promise.all([
      listBookings(sql, scope, filter, number, PAGE_SIZE),
      countViews(sql, scope, filter.today),
    ]);
    const ids = bookings.map((booking) => booking.id);
    const duplicates = await possibleDuplicates(sql, scope, bookings);
    const signed = await signedBookings(sql, ids, office.publicPricing);
    return page(
      reply,
      renderBookingsPage({
        viewer: viewerOf(request, reply),
        withPublic: scope.withPublic,
        filter,
        counts,
        bookings,
        duplicates,
        signed,
        total,
        ...(office.deposits.enabled ? { depositMarks: await depositMarks(sql, ids) } : {}),
        page: number,
        pageSize: PAGE_SIZE,
        // Said to whoever can fix it (the administrators) until the devis carries every mention.
        incomplete: role === 'administrateur' ? incompleteNotice(await missingMentions(sql, companyId)) : null,
        message: done,
        undoAccept: undo,
        ...(dateError ? { typed, dateError } : {}),
        // The requests waiting past what the carrier promises its customers are marked late.
        answerWithinHours: await answerPromise(sql, companyId),
        now: Date.now(),
        awaitingCustomer: await awaitingCustomer(sql, ids, new Date().toISOString()),
      }),
    );
  });

  office.get('/reservations.csv', { preHandler: signedIn }, async (request, reply) => {
    const { filter } = filterOf(request);
    const scope = request.carrier!.scope;
    async function* lines() {
      yield csvHeader();
      for await (const batch of everyBooking(sql, scope, filter)) yield csvRows(batch);
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="reservations-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });
}
