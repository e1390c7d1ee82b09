import * as v from 'valibot';

/**
 * How the server shares the sandbox its carriers' grid code runs in (issue 52): its workers, how
 * long a run may wait for one, and the sandbox time a request and a company may spend. Every
 * company has a queue of its own in front of the workers, served in turn, so one company's slow
 * grid costs the others at most one of its runs.
 */
export interface SandboxSettings {
  /** How long a run may wait for a worker before its request answers 503 (POOL_SANDBOX_WAIT_MS); 0 runs no grid's code. */
  waitMs: number;
  /** Worker threads (POOL_SANDBOX_WORKERS); a company uses all of them but one, so another's next run finds one free. */
  workers: number;
  /** Sandbox time one request may spend, all its runs together (POOL_SANDBOX_REQUEST_MS): a day list of a slow grid is cut short. */
  requestBudgetMs: number;
  /** Sandbox time one company (or one carrier's public pages, or the keyless public pages) may spend in a minute. */
  companyBudgetMsPerMinute: number;
}

/** A whole number (of milliseconds, or workers) from the environment, `min` or more, its name in the message when it is not. */
const Whole = (name: string, fallback: number, min: number, unit = '') => {
  const message = `${name} doit être un nombre entier${unit} (${min} ou plus)`;
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((raw) => (raw === '' ? String(fallback) : raw)),
      v.regex(/^\d+$/, message),
      v.transform(Number),
      v.minValue(min, message),
    ),
    String(fallback),
  );
};

const SandboxEnv = v.object({
  POOL_SANDBOX_WAIT_MS: Whole('POOL_SANDBOX_WAIT_MS', 5000, 0, ' de millisecondes'),
  // Two: a company's runs take one, the next company's run finds the other free (the machines this runs on have two cores or more).
  POOL_SANDBOX_WORKERS: Whole('POOL_SANDBOX_WORKERS', 2, 1),
  // 5 s: the calendar's 14 days on a grid at the 300 ms a run may take, or 31 days at 160 ms a run.
  POOL_SANDBOX_REQUEST_MS: Whole('POOL_SANDBOX_REQUEST_MS', 5000, 1, ' de millisecondes'),
  // 30 s a minute: half a worker for one company. A grid of ordinary arithmetic runs in 1 to 3 ms,
  // so only code that spins reaches it, far past the 600 quotes a minute a company may ask.
  POOL_SANDBOX_COMPANY_MS_PER_MINUTE: Whole('POOL_SANDBOX_COMPANY_MS_PER_MINUTE', 30_000, 1, ' de millisecondes'),
});

export function sandboxFromEnv(env: NodeJS.ProcessEnv): SandboxSettings {
  const parsed = v.safeParse(SandboxEnv, {
    POOL_SANDBOX_WAIT_MS: env.POOL_SANDBOX_WAIT_MS,
    POOL_SANDBOX_WORKERS: env.POOL_SANDBOX_WORKERS,
    POOL_SANDBOX_REQUEST_MS: env.POOL_SANDBOX_REQUEST_MS,
    POOL_SANDBOX_COMPANY_MS_PER_MINUTE: env.POOL_SANDBOX_COMPANY_MS_PER_MINUTE,
  });
  if (!parsed.success) throw new Error(parsed.issues[0].message);
  const settings = parsed.output;
  return {
    waitMs: settings.POOL_SANDBOX_WAIT_MS,
    workers: settings.POOL_SANDBOX_WORKERS,
    requestBudgetMs: settings.POOL_SANDBOX_REQUEST_MS,
    companyBudgetMsPerMinute: settings.POOL_SANDBOX_COMPANY_MS_PER_MINUTE,
  };
}
