import { dayInFrance, editsCloseAt, editsOpen, instantInFrance, plusDays } from 'transport-quote-wizard/domain';

/**
 * Where a booking stands, as its customer's page lists it: one pure function of the booking's
 * facts and one instant (the server's clock), so the page, the e-mails of the calendar and the
 * tests read the same steps.
 */
export type StepKey = 'recue' | 'acceptee' | 'devis-signe' | 'acompte-paye' | 'veille' | 'terminee';

/**
 * done; current: the first not done, what happens next; upcoming; stopped: the booking ends
 * there (a refusal); skipped: not done online while a later step is (a devis signed on paper,
 * a deposit paid by hand): no longer what happens next.
 */
export type StepStatus = 'done' | 'current' | 'upcoming' | 'stopped' | 'skipped';

/** What a step not done online means once the move is past it. */
const SKIPPED_DETAILS: Partial<Record<StepKey, string>> = {
  'devis-signe': 'Le devis n’a pas été signé en ligne.',
  'acompte-paye': 'L’acompte n’a pas été payé en ligne.',
};

/** When a step happened or will: an instant (ISO), or a day in France ('yyyy-mm-dd'). */
export type StepWhen = { instant: string } | { day: string } | null;

export interface BookingStep {
  key: StepKey;
  title: string;
  status: StepStatus;
  when: StepWhen;
  /** One sentence more: the refusal's reason, the counter-offer's day, who signed. */
  detail: string | null;
}

export interface StepFacts {
  /** new, review (edited after its acceptance), accepted, refused. */
  state: string;
  createdAt: string;
  decidedAt: string | null;
  refusalReason: string | null;
  /** When the customer last changed it (the back office's 'Modifiée par le client'). */
  changedAt: string | null;
  /** The carrier's counter-offer still open: the day it proposes and until when. */
  counterOffer: { beginningDate: string; expiresAt: string } | null;
  /** The devis signed 'Bon pour accord' (issue 46, part 1), or null. */
  acceptance: { at: string; name: string } | null;
  /** null: the carrier asks no deposit (the step is not shown); else when it was paid, or null. */
  deposit: { paidAt: string | null } | null;
  beginningDate: string | null;
  endingDate: string | null;
  /** The carrier's Réglages: edits close this many days before the move. */
  editCloseDays: number;
  /** The server's clock, in milliseconds. */
  now: number;
}

export interface BookingProgress {
  steps: BookingStep[];
  /** Whether the customer may still change it online, and from when they may not. */
  editsOpen: boolean;
  editsCloseAt: number | null;
}

/** States in which the move takes place: accepted, and accepted then edited (its day is held). */
const ON = new Set(['accepted', 'review']);

/** The day the move begins and the day it ends, in France; '' when unknown. */
function moveDays(facts: StepFacts): { first: string; last: string } {
  const first = facts.beginningDate ? dayInFrance(facts.beginningDate) : '';
  const end = facts.endingDate ? dayInFrance(facts.endingDate) : '';
  return { first, last: end !== '' && end > first ? end : first };
}

/** The instant the day before the move begins (the reminder is due), and the one after its last day (it is over). */
export function calendarInstants(facts: Pick<StepFacts, 'beginningDate' | 'endingDate'>): { eve: number; over: number } | null {
  const { first, last } = moveDays({ ...facts } as StepFacts);
  if (first === '') return null;
  return { eve: instantInFrance(plusDays(first, -1), 0), over: instantInFrance(plusDays(last, 1), 0) };
}

type Draft = Omit<BookingStep, 'status'> & { done: boolean; stopped?: boolean };

function decisionStep(facts: StepFacts): Draft {
  const base = { key: 'acceptee' as const };
  switch (facts.state) {
    case 'accepted':
      return {
        ...base,
        title: 'Acceptée par le transporteur',
        when: facts.decidedAt ? { instant: facts.decidedAt } : null,
        detail: null,
        done: true,
      };
    case 'review':
      return {
        ...base,
        title: 'Modifiée, à accepter de nouveau',
        when: facts.changedAt ? { instant: facts.changedAt } : null,
        detail: 'Vous avez modifié votre réservation après son acceptation\u00a0: le transporteur doit accepter ce changement.',
        done: false,
      };
    case 'refused':
      return {
        ...base,
        title: 'Refusée par le transporteur',
        when: facts.decidedAt ? { instant: facts.decidedAt } : null,
        detail: facts.refusalReason ? `Motif\u00a0: ${facts.refusalReason}` : null,
        done: false,
        stopped: true,
      };
    default:
      return facts.counterOffer
        ? {
            ...base,
            title: 'Contre-proposition du transporteur',
            when: { day: dayInFrance(facts.counterOffer.beginningDate) },
            detail: 'Le transporteur vous propose une autre date\u00a0: répondez-lui avec le lien de son e-mail.',
            done: false,
          }
        : {
            ...base,
            title: 'Acceptation par le transporteur',
            when: null,
            detail: 'Le transporteur étudie votre demande et revient vers vous pour la confirmer.',
            done: false,
          };
  }
}

export function bookingSteps(facts: StepFacts): BookingProgress {
  const closeAt = editsCloseAt(facts.beginningDate, facts.editCloseDays);
  const drafts: Draft[] = [
    { key: 'recue', title: 'Réservation reçue', when: { instant: facts.createdAt }, detail: null, done: true },
    decisionStep(facts),
  ];
  const refused = facts.state === 'refused';
  if (!refused) {
    drafts.push({
      key: 'devis-signe',
      title: 'Devis signé',
      when: facts.acceptance ? { instant: facts.acceptance.at } : null,
      detail: facts.acceptance ? `Bon pour accord signé par ${facts.acceptance.name}` : null,
      done: facts.acceptance !== null,
    });
    if (facts.deposit)
      drafts.push({
        key: 'acompte-paye',
        title: 'Acompte payé',
        when: facts.deposit.paidAt ? { instant: facts.deposit.paidAt } : null,
        detail: null,
        done: facts.deposit.paidAt !== null,
      });
    const calendar = calendarInstants(facts);
    const { first } = moveDays(facts);
    const on = ON.has(facts.state);
    drafts.push(
      {
        key: 'veille',
        title: 'La veille du déménagement',
        when: first ? { day: plusDays(first, -1) } : null,
        detail: null,
        done: on && calendar !== null && facts.now >= calendar.eve,
      },
      {
        key: 'terminee',
        title: 'Déménagement terminé',
        when: first ? { day: moveDays(facts).last } : null,
        detail: null,
        done: on && calendar !== null && facts.now >= calendar.over,
      },
    );
  }
  let currentGiven = false;
  const lastDone = drafts.map((draft) => draft.done).lastIndexOf(true);
  const steps = drafts.map(({ done, stopped, ...step }, index): BookingStep => {
    if (stopped) return { ...step, status: 'stopped' };
    if (done) return { ...step, status: 'done' };
    // Only a step the move can go without (the devis signed online, the deposit paid online)
    // is passed over: the carrier's acceptance stays what comes next until it is given.
    const skippedDetail = SKIPPED_DETAILS[step.key];
    if (index < lastDone && skippedDetail) return { ...step, status: 'skipped', detail: skippedDetail };
    const status = currentGiven ? 'upcoming' : 'current';
    currentGiven = true;
    return { ...step, status };
  });
  return {
    steps,
    editsOpen: !refused && editsOpen(closeAt, facts.now),
    editsCloseAt: closeAt,
  };
}
