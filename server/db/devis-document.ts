import type { CompanyData } from 'transport-quote-wizard/domain';
import { devisContent, devisHash } from '../pages/devis-content.ts';
import { renderDevisPdf } from '../pages/devis-pdf.ts';
import { latestDevisAcceptance } from './devis-acceptances.ts';
import { devisOwnerOf, devisSourceOf } from './devis-source.ts';
import { findLogo, logoBytes } from './company-profile.ts';
import type { Sql } from './sql.ts';
import { findTravel, type StoredTravel } from './travels-repo.ts';

/** A devis as a file: its PDF's bytes and the name it is saved under. */
export interface DevisFile {
  filename: string;
  bytes: Uint8Array;
}

/**
 * The PDF of a booking's devis as it stands now, with the acceptance that matches it (an
 * acceptance of an earlier version is not printed on this one). null: the booking has no devis.
 */
export async function devisPdfOf(sql: Sql, travel: StoredTravel, publicPricing: CompanyData): Promise<DevisFile | null> {
  const source = await devisSourceOf(sql, travel, publicPricing);
  if (!source) return null;
  const content = devisContent(source);
  const latest = await latestDevisAcceptance(sql, travel.id);
  const acceptance =
    latest && latest.devis_hash === devisHash(content)
      ? { acceptedAt: latest.accepted_at, signerName: latest.signer_name, devisHash: latest.devis_hash }
      : null;
  const owner = devisOwnerOf(travel);
  const stored = owner === null ? null : await findLogo(sql, owner);
  const image = stored ? await logoBytes(sql, stored.hash) : null;
  const logo = image ? { contentType: image.content_type, data: new Uint8Array(image.data) } : null;
  const bytes = await renderDevisPdf({ content, acceptance, brandColor: source.carrier?.brand_color ?? null, logo });
  return { filename: `devis-${travel.id}.pdf`, bytes };
}

/** The same, by the booking's number (the mail worker knows only that): null when it is gone or has no devis. */
export async function devisPdfOfBooking(sql: Sql, travelId: number, publicPricing: CompanyData): Promise<DevisFile | null> {
  const travel = await findTravel(sql, travelId);
  return travel ? devisPdfOf(sql, travel, publicPricing) : null;
}
