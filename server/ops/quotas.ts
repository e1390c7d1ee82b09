import type { FastifyBaseLogger } from 'fastify';
import type { ServerLimits } from '../config/limits.ts';
import type { Sql } from '../db/sql.ts';
import { ownerName, storedBytes, type Owner } from '../db/storage-usage.ts';
import { HttpError } from '../http/validation.ts';
import type { Metrics } from './metrics.ts';

/** Past this share of a quota the operator is told, once, before bookings start being refused. */
export const QUOTA_ALERT_RATIO = 0.8;

const REFUSALS: Record<Owner['kind'], string> = {
  public: 'Espace de stockage des réservations publiques plein\u00a0: réessayez plus tard.',
  site: 'Espace de stockage des réservations publiques du transporteur plein\u00a0: réessayez plus tard.',
  address: 'Trop de réservations enregistrées depuis cette adresse\u00a0: contactez le transporteur.',
  company: 'Quota de stockage de l’entreprise atteint\u00a0: contactez le transporteur.',
};

/**
 * The storage quotas: a company's, all public bookings', and each client address's share of
 * the public one. A booking is refused (507) when it would take any of its owners past its
 * quota; crossing 80 % of one is logged once and every use is published as a metric.
 */
export class Quotas {
  /** Owners known to be past the alert, so the log says it once per crossing, not per booking. */
  private readonly alerted = new Set<string>();

  constructor(
    private readonly limits: ServerLimits,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: Metrics | null,
  ) {}

  quotaOf(owner: Owner): number {
    if (owner.kind === 'company') return this.limits.companyQuotaBytes;
    // Each carrier's public pages (its key) have a public quota of their own: one carrier's flood fills only its own.
    return owner.kind === 'public' || owner.kind === 'site' ? this.limits.publicQuotaBytes : this.limits.publicQuotaBytesPerAddress;
  }

  /**
   * Throws 507 when adding `added` bytes (less `replacing`, for an edit) takes an owner past
   * its quota. Returns each owner's use once the booking is written, for `report`.
   */
  async assertRoom(sql: Sql, owners: readonly Owner[], added: number, replacing = 0): Promise<Map<Owner, number>> {
    const stored = await storedBytes(sql, owners);
    const after = new Map<Owner, number>();
    owners.forEach((owner, at) => {
      const used = stored[at]! - replacing + added;
      if (used > this.quotaOf(owner)) throw new HttpError(507, REFUSALS[owner.kind]);
      after.set(owner, used);
    });
    return after;
  }

  /** Publishes the use of each owner after a write, and logs an owner that crossed the alert. */
  report(uses: Map<Owner, number>): void {
    for (const [owner, used] of uses) {
      const ratio = used / this.quotaOf(owner);
      const name = ownerName(owner);
      // Addresses are many and short-lived: their use is not a metric, only the shared ones are.
      if (owner.kind !== 'address')
        this.metrics?.quotaUse.set(
          { owner: owner.kind === 'public' ? 'public' : owner.kind === 'site' ? name : `company:${owner.id}` },
          ratio,
        );
      if (ratio >= QUOTA_ALERT_RATIO && !this.alerted.has(name)) {
        this.alerted.add(name);
        this.log.warn(
          { quota: owner.kind === 'address' ? 'address' : name, ratio: Number(ratio.toFixed(3)) },
          `Quota de stockage utilisé à ${Math.round(ratio * 100)} % (${owner.kind === 'address' ? 'une adresse' : name})`,
        );
      } else if (ratio < QUOTA_ALERT_RATIO) this.alerted.delete(name);
    }
  }
}
