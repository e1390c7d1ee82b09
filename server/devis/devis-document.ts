import type { CompanyData } from 'transport-quote-wizard/domain';
import type { DevisPdfBuilder } from '../pages/devis-pdf-pool.ts';
import { latestDevisAcceptance } from '../db/devis-acceptances.ts';
import { devisFrameOf, devisOwnerOf } from './devis-source.ts';
import { findLogo, logoBytes } from '../db/company-profile.ts';
import type { Sql } from '../db/sql.ts';
import { findTravelDocument, type TravelDocument } from '../db/travels-repo.ts';

/** A devis as a file: its PDF's bytes and the name it is saved under. */
export interface DevisFile {
  filename: string;
  bytes: Uint8Array;
}

/**
 * The PDF of a booking's devis as it stands now, with the acceptance that matches it (an
 * acceptance of an earlier version is not printed on this one): what it is made from is read
 * here, and `pdf` makes it off the requests' thread (the body parsed, the content, its hash,
 * the layout). null: the booking has no devis; DevisPdfUnavailable: it could not be made.
 */
export async function devisPdfOf(
  sql: Sql,
  travel: TravelDocument,
  publicPricing: CompanyData,
  pdf: DevisPdfBuilder,
): Promise<DevisFile | null> {
  const frame = await devisFrameOf(sql, travel, publicPricing);
  if (!frame) return null;
  const latest = await latestDevisAcceptance(sql, travel.id);
  const owner = devisOwnerOf(travel, publicPricing);
  const stored = owner === null ? null : await findLogo(sql, owner);
  const image = stored ? await logoBytes(sql, stored.hash) : null;
  const { quote } = frame;
  const bytes = await pdf.build({
    // The quote's figures, not its other columns, which would only be copied to the worker.
    frame: { ...frame, quote: { id: quote.id, created_at: quote.created_at, expires_at: quote.expires_at, figures: quote.figures } },
    payloadJson: travel.payload_json,
    latest: latest && { acceptedAt: latest.accepted_at, signerName: latest.signer_name, devisHash: latest.devis_hash },
    brandColor: frame.carrier?.brand_color ?? null,
    logo: image ? { contentType: image.content_type, data: new Uint8Array(image.data) } : null,
  });
  return { filename: `devis-${travel.id}.pdf`, bytes };
}

/** The same, by the booking's number (the mail worker knows only that): null when it is gone or has no devis. */
export async function devisPdfOfBooking(
  sql: Sql,
  travelId: number,
  publicPricing: CompanyData,
  pdf: DevisPdfBuilder,
): Promise<DevisFile | null> {
  const travel = await findTravelDocument(sql, travelId);
  return travel ? devisPdfOf(sql, travel, publicPricing, pdf) : null;
}
