import type { Sql } from './sql.ts';

/**
 * Each account's choice of an e-mail for every new booking of its company (Mon compte,
 * Alertes): off until its person turns it on, for that person alone.
 */
export async function newBookingMailOf(sql: Sql, userId: number): Promise<boolean> {
  const row = await sql.get<{ new_booking_mail: number }>('SELECT new_booking_mail FROM carrier_users WHERE id = ?', [userId]);
  return Number(row?.new_booking_mail ?? 0) === 1;
}

export async function setNewBookingMail(sql: Sql, userId: number, on: boolean): Promise<void> {
  await sql.run('UPDATE carrier_users SET new_booking_mail = ? WHERE id = ?', [on ? 1 : 0, userId]);
}

/** The addresses of a company's accounts that chose the alert, in the order they were made. */
export async function alertRecipients(sql: Sql, companyId: number): Promise<string[]> {
  const rows = await sql.all<{ email: string }>(
    'SELECT email FROM carrier_users WHERE company_id = ? AND new_booking_mail = 1 ORDER BY id',
    [companyId],
  );
  return rows.map((row) => row.email);
}
