interface Waiting<T> {
  item: T;
  /** Arrival order: of two tenants whose turn it is alike, the one waiting longer goes first. */
  seq: number;
}

/**
 * The runs waiting for the sandbox, one queue per tenant (a company, a carrier's public pages,
 * the keyless public pages), served in turn: start-time fair queuing where every run counts one.
 * Each tenant carries the turn its next run starts at; a tenant that starts waiting takes the
 * current turn (or its own, when it is ahead from its last runs), and each run taken moves its
 * tenant's turn on by one. So a tenant arriving behind another's backlog runs next, after at
 * most the run in progress, and a tenant asking one run at a time alternates with a backlog
 * instead of overtaking it forever. A tenant never runs more than `cap` at once: with several
 * workers, one is always left for the others.
 */
export class FairQueue<T> {
  private readonly queues = new Map<string, Waiting<T>[]>();
  private readonly running = new Map<string, number>();
  /** Each known tenant's next turn; forgotten once the current turn has caught up with it. */
  private readonly turns = new Map<string, number>();
  /** The turn of the last run taken. */
  private turn = 0;
  private seq = 0;

  constructor(private readonly cap: number) {}

  push(tenant: string, item: T): void {
    let queue = this.queues.get(tenant);
    if (!queue) {
      queue = [];
      this.queues.set(tenant, queue);
      this.turns.set(tenant, Math.max(this.turns.get(tenant) ?? this.turn, this.turn));
    }
    queue.push({ item, seq: this.seq++ });
  }

  /** The next run to start, and its tenant, or null when nobody waits or every waiting tenant is at its cap. */
  take(): { tenant: string; item: T } | null {
    let chosen: { tenant: string; turn: number; seq: number } | null = null;
    for (const [tenant, queue] of this.queues) {
      if ((this.running.get(tenant) ?? 0) >= this.cap) continue;
      const turn = this.turns.get(tenant)!;
      const seq = queue[0]!.seq;
      if (!chosen || turn < chosen.turn || (turn === chosen.turn && seq < chosen.seq)) chosen = { tenant, turn, seq };
    }
    if (!chosen) return null;
    const queue = this.queues.get(chosen.tenant)!;
    const { item } = queue.shift()!;
    if (queue.length === 0) this.queues.delete(chosen.tenant);
    this.running.set(chosen.tenant, (this.running.get(chosen.tenant) ?? 0) + 1);
    // Never back: a tenant held at its cap may be served after others whose turn came later.
    this.turn = Math.max(this.turn, chosen.turn);
    this.turns.set(chosen.tenant, chosen.turn + 1);
    if (this.turns.size > 2 * (this.queues.size + this.running.size) + 64) this.forgetIdle();
    return { tenant: chosen.tenant, item };
  }

  /** A run taken has ended. */
  finished(tenant: string): void {
    const count = (this.running.get(tenant) ?? 1) - 1;
    if (count > 0) this.running.set(tenant, count);
    else this.running.delete(tenant);
  }

  /** Takes a waiting run out (it waited too long); false when it is not waiting. */
  remove(tenant: string, item: T): boolean {
    const queue = this.queues.get(tenant);
    const index = queue?.findIndex((waiting) => waiting.item === item) ?? -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    if (queue.length === 0) this.queues.delete(tenant);
    return true;
  }

  /** Every run a tenant has waiting, taken out (its budget is spent: none of them will run). */
  drain(tenant: string): T[] {
    const queue = this.queues.get(tenant) ?? [];
    this.queues.delete(tenant);
    return queue.map((waiting) => waiting.item);
  }

  /** Every waiting run, taken out (the server stops). */
  drainAll(): T[] {
    return [...this.queues.keys()].flatMap((tenant) => this.drain(tenant));
  }

  /** How many runs a tenant has waiting. */
  waiting(tenant: string): number {
    return this.queues.get(tenant)?.length ?? 0;
  }

  /** Tenants neither waiting nor running whose turn the current one has reached hold nothing worth keeping. */
  private forgetIdle(): void {
    for (const [tenant, turn] of this.turns)
      if (turn <= this.turn && !this.queues.has(tenant) && !this.running.has(tenant)) this.turns.delete(tenant);
  }
}
