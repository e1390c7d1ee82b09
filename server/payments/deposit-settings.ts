import {
  DEPOSIT_DUE_WORDS,
  DEPOSIT_LIMITS,
  depositCentsOf,
  formatCents,
  type DepositDue,
  type DepositTerms,
} from 'transport-quote-wizard/domain';
import type { Sql } from '../db/sql.ts';

export type { DepositDue };

/** A company's deposit (Réglages, Acompte): null when it asks none (the default). */
export type DepositSetting =
  { kind: 'percent'; percent: number; due: DepositDue } | { kind: 'amount'; amountCents: number; due: DepositDue };

/** The limits a deposit is held to: arrhes above half the price would be the price itself. */
export const PERCENT_MIN = DEPOSIT_LIMITS.percentMin;
export const PERCENT_MAX = DEPOSIT_LIMITS.percentMax;
export const AMOUNT_MIN_CENTS = DEPOSIT_LIMITS.amountMinCents;
export const AMOUNT_MAX_CENTS = DEPOSIT_LIMITS.amountMaxCents;

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

/**
 * The deposit a carrier's pages announce (its public data's `deposit`): its setting when the
 * server takes payments online, else none (no page announces a deposit nobody can pay).
 */
export async function announcedDeposit(sql: Sql, companyId: number, paymentsOnline: boolean): Promise<DepositTerms | null> {
  if (!paymentsOnline) return null;
  const setting = await readDepositSetting(sql, companyId);
  return setting ? depositTerms(setting) : null;
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

/** The setting as the pages receive it in the carrier's public data (DepositTermsSchema). */
export function depositTerms(setting: DepositSetting): DepositTerms {
  return setting.kind === 'percent'
    ? { kind: 'percent', percent: setting.percent, due: setting.due }
    : { kind: 'amount', amount_cents: setting.amountCents, due: setting.due };
}

/** The deposit of a booking whose total TTC is `totalCents`, in cents, as the pages announced it (depositCentsOf). */
export function depositCents(setting: DepositSetting, totalCents: number): number {
  return depositCentsOf(depositTerms(setting), totalCents);
}

/** A deposit's sum as the customer reads it ('508,20 €'). */
export const euros = formatCents;

const DUE_TEXT = DEPOSIT_DUE_WORDS;

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
