/**
 * What one tenant (a company, a carrier's public pages, the keyless public pages) has spent of
 * the sandbox in its current minute: a window opens at its first run and closes a minute later,
 * as the rate limits count requests. Kept in memory: each process shares its own workers.
 */
export class MinuteBudgets {
  private readonly windows = new Map<string, { start: number; spentMs: number }>();

  constructor(
    private readonly msPerMinute: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Seconds until the tenant may run again: 0 while its minute's budget lasts. */
  retryAfterSeconds(tenant: string): number {
    const window = this.current(tenant);
    if (!window || window.spentMs < this.msPerMinute) return 0;
    return Math.max(1, Math.ceil((window.start + 60_000 - this.now()) / 1000));
  }

  /** A run of `ms` ended: counted in the tenant's minute. */
  charge(tenant: string, ms: number): void {
    let window = this.current(tenant);
    if (!window) {
      if (this.windows.size >= 10_000) this.forgetEnded();
      window = { start: this.now() - ms, spentMs: 0 };
      this.windows.set(tenant, window);
    }
    window.spentMs += ms;
  }

  private current(tenant: string) {
    const window = this.windows.get(tenant);
    if (window && this.now() - window.start >= 60_000) {
      this.windows.delete(tenant);
      return undefined;
    }
    return window;
  }

  private forgetEnded(): void {
    const now = this.now();
    for (const [tenant, window] of this.windows) if (now - window.start >= 60_000) this.windows.delete(tenant);
  }
}
