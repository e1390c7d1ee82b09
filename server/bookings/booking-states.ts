/**
 * A booking's states and the moves between them, written once (docs/ARCHITECTURE.md, 'The
 * booking'). The database's statements guard each move with the same sets (the SQL fragments
 * below), so a second click, or another person's click meanwhile, changes nothing.
 *
 *   new ──accept──▶ accepted ──customer edits──▶ review ──accept──▶ accepted
 *    │  ◀──undo (within the window)──┘                     │
 *    └──refuse──▶ refused ◀────────────refuse──────────────┘
 *
 * A counter-offer the customer accepts is an acceptance (new or review ▶ accepted).
 */
export const BOOKING_STATES = ['new', 'review', 'accepted', 'refused'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** States a carrier answers: a new booking, and one its customer edited after it was accepted ('review', à revoir). */
export const AWAITING_ANSWER = ['new', 'review'] as const satisfies readonly BookingState[];

/** The carrier's and the customer's moves, each from the states it may start in. */
export const TRANSITIONS = {
  accept: { from: AWAITING_ANSWER, to: 'accepted' },
  refuse: { from: AWAITING_ANSWER, to: 'refused' },
  offerAnotherDate: { from: AWAITING_ANSWER, to: null },
  acceptCounterOffer: { from: AWAITING_ANSWER, to: 'accepted' },
  undoAcceptance: { from: ['accepted'], to: 'new' },
  customerEdit: { from: ['accepted'], to: 'review' },
} as const satisfies Record<string, { from: readonly BookingState[]; to: BookingState | null }>;
export type BookingMove = keyof typeof TRANSITIONS;

/** Whether a booking in `state` may take the move (the statement that writes it checks again). */
export function mayMove(state: string, move: BookingMove): boolean {
  return (TRANSITIONS[move].from as readonly string[]).includes(state);
}

/** Whether the booking waits for the carrier's answer. */
export const awaitsAnswer = (state: string): boolean => (AWAITING_ANSWER as readonly string[]).includes(state);

/** `state IN ('new', 'review')` for the statements that guard a move, from the same list. */
export const AWAITING_ANSWER_SQL = `state IN (${AWAITING_ANSWER.map((state) => `'${state}'`).join(', ')})`;
