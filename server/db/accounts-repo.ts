import type { Sql } from './sql.ts';

/** What an account may do: administrators set the company up (Réglages), dispatchers run the bookings. */
export type Role = 'administrateur' | 'exploitant';

/** A back-office account: one person of one company, signing in with an e-mail and a password. */
export interface CarrierUser {
  id: number;
  company_id: number;
  email: string;
  password_hash: string;
}

/** Sign-in names are e-mail addresses, compared without case or surrounding spaces. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(sql: Sql, email: string): Promise<CarrierUser | null> {
  const row = await sql.get<CarrierUser>('SELECT id, company_id, email, password_hash FROM carrier_users WHERE email = ?', [
    normalEmail(email),
  ]);
  return row ?? null;
}

export async function createUser(sql: Sql, companyId: number, email: string, passwordHash: string, now: string): Promise<number> {
  const row = await sql.get<{ id: number }>(
    'INSERT INTO carrier_users (company_id, email, password_hash, created_at) VALUES (?, ?, ?, ?) RETURNING id',
    [companyId, normalEmail(email), passwordHash, now],
  );
  return row!.id;
}

/** A new password ends every session of the account. Returns whether the account exists. */
export async function setPassword(sql: Sql, email: string, passwordHash: string): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return false;
    await tx.run('UPDATE carrier_users SET password_hash = ? WHERE id = ?', [passwordHash, user.id]);
    await tx.run('DELETE FROM carrier_sessions WHERE user_id = ?', [user.id]);
    return true;
  });
}

/** How much of a browser's User-Agent a session keeps: enough to name it on the account page. */
const USER_AGENT_MAX = 300;

export async function recordSignIn(
  sql: Sql,
  userId: number,
  tokenHash: string,
  now: number,
  expiresAt: number,
  userAgent = '',
): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.run('INSERT INTO carrier_sessions (token_hash, user_id, created_at, expires_at, user_agent) VALUES (?, ?, ?, ?, ?)', [
      tokenHash,
      userId,
      now,
      expiresAt,
      userAgent.slice(0, USER_AGENT_MAX),
    ]);
    await tx.run('UPDATE carrier_users SET last_sign_in_at = ? WHERE id = ?', [new Date(now).toISOString(), userId]);
  });
}

/** The signed-in person a session opens, with its company's name; null once it expired or was closed. */
export interface SessionUser {
  userId: number;
  email: string;
  companyId: number;
  companyName: string;
  role: Role;
  /** The company's logo, as /logos/ serves it (Réglages, Entreprise); null without one. */
  logo: { hash: string; content_type: string; width: number; height: number } | null;
}

export async function findSession(sql: Sql, tokenHash: string, now: number): Promise<SessionUser | null> {
  const row = await sql.get<{
    user_id: number;
    email: string;
    company_id: number;
    name: string;
    role: Role;
    hash: string | null;
    content_type: string | null;
    width: number | null;
    height: number | null;
  }>(
    `SELECT s.user_id, u.email, u.company_id, c.name, u.role, l.hash, l.content_type, l.width, l.height FROM carrier_sessions s
     JOIN carrier_users u ON u.id = s.user_id JOIN companies c ON c.id = u.company_id
     LEFT JOIN company_logos l ON l.company_id = c.id
     WHERE s.token_hash = ? AND s.expires_at > ?`,
    [tokenHash, now],
  );
  if (!row) return null;
  const logo =
    row.hash && row.content_type
      ? { hash: row.hash, content_type: row.content_type, width: Number(row.width), height: Number(row.height) }
      : null;
  return { userId: row.user_id, email: row.email, companyId: row.company_id, companyName: row.name, role: row.role, logo };
}

export async function endSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql.run('DELETE FROM carrier_sessions WHERE token_hash = ?', [tokenHash]);
}

export async function forgetExpiredSessions(sql: Sql, now: number): Promise<number> {
  return sql.run('DELETE FROM carrier_sessions WHERE expires_at <= ?', [now]);
}

export async function countUsers(sql: Sql): Promise<number> {
  const row = await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM carrier_users');
  return Number(row?.n ?? 0);
}
