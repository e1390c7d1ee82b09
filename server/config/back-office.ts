/**
 * The carrier's back office (/espace-transporteur): whose back office sees the public pages'
 * bookings, how long a session lasts, and how failed sign-ins slow down and then stop guessing.
 */
export interface BackOfficeSettings {
  /**
   * The company whose back office sees the bookings of the public pages (no company token) and
   * registers their webhooks: PUBLIC_COMPANY_ID, the first demo company in the demo, nobody
   * otherwise.
   */
  publicCompanyId: number | null;
  sessionMs: number;
  /** Failed sign-ins (per account from one source, or per source across accounts × 5) after which each new try must wait. */
  slowDownAfter: number;
  /** The wait after the first of those, doubled with each further failure (capped at a minute). */
  delayMs: number;
  /** Failures after which sign-in (to that account from that source) is refused for lockMs, even with the right password. */
  lockAfter: number;
  lockMs: number;
  /**
   * How long after 'Accepter' the carrier may still undo it (ACCEPTANCE_UNDO_SECONDS, 5 minutes;
   * 0: no undo). The customer's e-mail waits as long, so an acceptance undone was never announced.
   */
  undoAcceptMs: number;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} doit être un entier d’au moins ${min} (reçu « ${raw} »)`);
  return value;
}

export function backOfficeFromEnv(env: NodeJS.ProcessEnv, demo: boolean): BackOfficeSettings {
  const publicCompany = env.PUBLIC_COMPANY_ID?.trim();
  const slowDownAfter = whole(env, 'SIGN_IN_SLOW_DOWN_AFTER', 3);
  const lockAfter = whole(env, 'SIGN_IN_LOCK_AFTER', 10);
  if (lockAfter <= slowDownAfter) throw new Error('SIGN_IN_LOCK_AFTER doit dépasser SIGN_IN_SLOW_DOWN_AFTER');
  return {
    publicCompanyId:
      publicCompany === undefined || publicCompany === ''
        ? demo
          ? 1
          : null
        : publicCompany === 'none'
          ? null
          : whole(env, 'PUBLIC_COMPANY_ID', 1),
    sessionMs: whole(env, 'SESSION_HOURS', 12) * 3_600_000,
    slowDownAfter,
    delayMs: whole(env, 'SIGN_IN_DELAY_MS', 1000),
    lockAfter,
    lockMs: whole(env, 'SIGN_IN_LOCK_MINUTES', 15) * 60_000,
    undoAcceptMs: whole(env, 'ACCEPTANCE_UNDO_SECONDS', 300, 0) * 1000,
  };
}
