import { formatCents } from 'transport-quote-wizard/domain';
import type { Sql } from '../db/sql.ts';

/** When the customer may pay the deposit: once they accepted the devis, or once the carrier accepted the booking. */
export type DepositDue = 'devis_accepted' | 'booking_accepted';

/** A company's deposit (Réglages, Acompte): null when it asks none (the default). */
export type DepositSetting =
  { kind: 'percent'; percent: number; due: DepositDue } | { kind: 'amount'; amountCents: number; due: DepositDue };

/** The limits a deposit is held to: arrhes above half the price would be the price itself. */
export const PERCENT_MIN = 1;
export const PERCENT_MAX = 50;
export const AMOUNT_MIN_CENTS = 100;
export const AMOUNT_MAX_CENTS = 1_000_000;

interface SettingRow {
  kind: 'percent' | 'amount';
  percent: number | null;
  amount_cents: number | null;
  due: DepositDue;
}

export async function readDepositSetting(sql: Sql, companyId: number): Promise<DepositSetting | null> {
  const row = await sql.get<SettingRow>('SELECT kind, percent, amount_cents, due FROM deposit_settings WHERE company_id = ?', [companyId]);
  if (!row) return null;
  return row.kind === 'percent'
    ? { kind: 'percent', percent: Number(row.percent), due: row.due }
    : { kind: 'amount', amountCents: Number(row.amount_cents), due: row.due };
}

/** Stores the setting (null: no deposit), in the caller's transaction with its journal line. */
export async function writeDepositSetting(sql: Sql, companyId: number, setting: DepositSetting | null, now: string): Promise<void> {
  await sql.run('DELETE FROM deposit_settings WHERE company_id = ?', [companyId]);
  if (!setting) return;
  await sql.run('INSERT INTO deposit_settings (company_id, kind, percent, amount_cents, due, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [
    companyId,
    setting.kind,
    setting.kind === 'percent' ? setting.percent : null,
    setting.kind === 'amount' ? setting.amountCents : null,
    setting.due,
    now,
  ]);
}

/**
 * The deposit of a booking whose total TTC is `totalCents`, in cents: the percentage rounded to
 * the cent, or the fixed amount; never more than the total itself.
 */
export function depositCents(setting: DepositSetting, totalCents: number): number {
  const wanted = setting.kind === 'percent' ? Math.round((totalCents * setting.percent) / 100) : setting.amountCents;
  return Math.max(0, Math.min(wanted, totalCents));
}

/** A deposit's sum as the customer reads it ('508,20 €'). */
export const euros = formatCents;

const DUE_TEXT: Record<DepositDue, string> = {
  devis_accepted: 'une fois le devis accepté',
  booking_accepted: 'une fois la réservation acceptée par le transporteur',
};

/** The setting as the journal and the Réglages say it. */
export function describeSetting(setting: DepositSetting | null): string {
  if (!setting) return 'aucun';
  const what = setting.kind === 'percent' ? `${setting.percent}\u00a0% du total TTC` : `${euros(setting.amountCents)} TTC`;
  return `${what}, ${DUE_TEXT[setting.due]}`;
}

/** The devis's payment mention when a deposit is asked online. */
export function devisMention(setting: DepositSetting, amountCents: number): string {
  const share = setting.kind === 'percent' ? ` (${setting.percent}\u00a0% du total TTC)` : '';
  return `Un acompte de ${euros(amountCents)} TTC${share} est à régler en ligne par carte bancaire ${DUE_TEXT[setting.due]}\u00a0; il vient en déduction du prix. Il est remboursé si le transporteur refuse la réservation.`;
}

/** Where Stripe posts the payments' events (the carrier gives it to Stripe: Réglages shows it). */
export const STRIPE_WEBHOOK_PATH = '/paiements/stripe/webhook';
