import type { Role } from './accounts-repo.ts';
import type { Sql } from './sql.ts';

/** A colleague as the Équipe page lists them. */
export interface Member {
  id: number;
  email: string;
  role: Role;
  created_at: string;
  last_sign_in_at: string | null;
}

export type LinkKind = 'invitation' | 'reinitialisation';

/** An invitation or a forgotten password's link, as stored: its token only as a hash. */
export interface AccountLink {
  id: number;
  kind: LinkKind;
  token_hash: string;
  company_id: number;
  email: string;
  role: Role | null;
  user_id: number | null;
  invited_by: string | null;
  created_at: number;
  used_at: number | null;
  mail_sent: number;
}

const LINK_COLUMNS = 'id, kind, token_hash, company_id, email, role, user_id, invited_by, created_at, used_at, mail_sent';

const asLink = (row: AccountLink): AccountLink => ({
  ...row,
  created_at: Number(row.created_at),
  used_at: row.used_at === null ? null : Number(row.used_at),
  mail_sent: Number(row.mail_sent),
});

export async function listMembers(sql: Sql, companyId: number): Promise<Member[]> {
  return sql.all<Member>('SELECT id, email, role, created_at, last_sign_in_at FROM carrier_users WHERE company_id = ? ORDER BY email', [
    companyId,
  ]);
}

/** One colleague of this company; null for anyone else's, exactly as for nobody. */
export async function findMember(sql: Sql, companyId: number, userId: number): Promise<Member | null> {
  const row = await sql.get<Member>(
    'SELECT id, email, role, created_at, last_sign_in_at FROM carrier_users WHERE company_id = ? AND id = ?',
    [companyId, userId],
  );
  return row ?? null;
}

/**
 * Inside a change of the team: on PostgreSQL the company's row is locked, so two changes of one
 * team (two administrators demoting each other at once) run one after the other and the second
 * sees the first; SQLite writes one transaction at a time anyway.
 */
export async function lockTeam(tx: Sql, companyId: number): Promise<void> {
  if (tx.dialect === 'postgres') await tx.get('SELECT id FROM companies WHERE id = ? FOR UPDATE', [companyId]);
}

export async function countAdministrators(tx: Sql, companyId: number): Promise<number> {
  const row = await tx.get<{ n: number }>("SELECT COUNT(*) AS n FROM carrier_users WHERE company_id = ? AND role = 'administrateur'", [
    companyId,
  ]);
  return Number(row?.n ?? 0);
}

export async function setRole(tx: Sql, companyId: number, userId: number, role: Role): Promise<void> {
  await tx.run('UPDATE carrier_users SET role = ? WHERE company_id = ? AND id = ?', [role, companyId, userId]);
}

/**
 * Removes a colleague: their sessions end at once (the next request of any of them finds none),
 * their links go, and what they did stays in the journals under the address written then.
 */
export async function removeMember(tx: Sql, companyId: number, userId: number): Promise<void> {
  await tx.run('DELETE FROM carrier_sessions WHERE user_id = ?', [userId]);
  await tx.run('DELETE FROM carrier_account_links WHERE user_id = ?', [userId]);
  await tx.run('UPDATE settings_journal SET user_id = NULL WHERE user_id = ?', [userId]);
  await tx.run('UPDATE tariff_versions SET user_id = NULL WHERE user_id = ?', [userId]);
  await tx.run('DELETE FROM carrier_users WHERE company_id = ? AND id = ?', [companyId, userId]);
}

export interface NewLink {
  kind: LinkKind;
  tokenHash: string;
  companyId: number;
  email: string;
  role: Role | null;
  userId: number | null;
  invitedBy: string | null;
  now: number;
}

export async function createLink(tx: Sql, link: NewLink): Promise<number> {
  const row = await tx.get<{ id: number }>(
    `INSERT INTO carrier_account_links (kind, token_hash, company_id, email, role, user_id, invited_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [link.kind, link.tokenHash, link.companyId, link.email, link.role, link.userId, link.invitedBy, link.now],
  );
  return Number(row!.id);
}

/** The link a token's hash names, used or not, expired or not (the page says which). */
export async function findLink(sql: Sql, kind: LinkKind, tokenHash: string): Promise<AccountLink | null> {
  const row = await sql.get<AccountLink>(`SELECT ${LINK_COLUMNS} FROM carrier_account_links WHERE kind = ? AND token_hash = ?`, [
    kind,
    tokenHash,
  ]);
  return row ? asLink(row) : null;
}

/** Marks a link used; false when another request used it first (it serves once). */
export async function useLink(tx: Sql, id: number, now: number): Promise<boolean> {
  return (await tx.run('UPDATE carrier_account_links SET used_at = ? WHERE id = ? AND used_at IS NULL', [now, id])) === 1;
}

export async function markMailSent(sql: Sql, id: number, sent: boolean): Promise<void> {
  await sql.run('UPDATE carrier_account_links SET mail_sent = ? WHERE id = ?', [sent ? 1 : 0, id]);
}

/** The invitations not yet accepted, expired ones included (they can be sent again). */
export async function openInvitations(sql: Sql, companyId: number): Promise<AccountLink[]> {
  const rows = await sql.all<AccountLink>(
    `SELECT ${LINK_COLUMNS} FROM carrier_account_links WHERE company_id = ? AND kind = 'invitation' AND used_at IS NULL ORDER BY created_at DESC`,
    [companyId],
  );
  return rows.map(asLink);
}

export async function findOpenInvitation(sql: Sql, companyId: number, id: number): Promise<AccountLink | null> {
  const row = await sql.get<AccountLink>(
    `SELECT ${LINK_COLUMNS} FROM carrier_account_links WHERE company_id = ? AND id = ? AND kind = 'invitation' AND used_at IS NULL`,
    [companyId, id],
  );
  return row ? asLink(row) : null;
}

/** Sending an invitation again: a new token (the old link stops working) and a new 72 hours. */
export async function renewInvitation(tx: Sql, id: number, tokenHash: string, now: number): Promise<void> {
  await tx.run('UPDATE carrier_account_links SET token_hash = ?, created_at = ?, mail_sent = 0 WHERE id = ? AND used_at IS NULL', [
    tokenHash,
    now,
    id,
  ]);
}

export async function cancelInvitation(tx: Sql, companyId: number, id: number): Promise<boolean> {
  return (
    (await tx.run("DELETE FROM carrier_account_links WHERE company_id = ? AND id = ? AND kind = 'invitation' AND used_at IS NULL", [
      companyId,
      id,
    ])) === 1
  );
}

/** A new reset link makes the earlier ones of the account useless: only the last e-mail works. */
export async function retireResetLinks(tx: Sql, userId: number, now: number): Promise<void> {
  await tx.run("UPDATE carrier_account_links SET used_at = ? WHERE user_id = ? AND kind = 'reinitialisation' AND used_at IS NULL", [
    now,
    userId,
  ]);
}

/** One open session of an account, for the account page (never its token nor its hash). */
export interface OpenSession {
  current: boolean;
  created_at: number;
  user_agent: string;
}

export async function openSessions(sql: Sql, userId: number, currentHash: string, now: number): Promise<OpenSession[]> {
  const rows = await sql.all<{ token_hash: string; created_at: number; user_agent: string }>(
    'SELECT token_hash, created_at, user_agent FROM carrier_sessions WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC',
    [userId, now],
  );
  return rows.map((row) => ({ current: row.token_hash === currentHash, created_at: Number(row.created_at), user_agent: row.user_agent }));
}

/** Ends the account's sessions, all of them or all but one (the one that changed the password). */
export async function endSessionsOf(tx: Sql, userId: number, except: string | null = null): Promise<number> {
  return except === null
    ? tx.run('DELETE FROM carrier_sessions WHERE user_id = ?', [userId])
    : tx.run('DELETE FROM carrier_sessions WHERE user_id = ? AND token_hash <> ?', [userId, except]);
}

export async function setPasswordHash(tx: Sql, userId: number, passwordHash: string): Promise<void> {
  await tx.run('UPDATE carrier_users SET password_hash = ? WHERE id = ?', [passwordHash, userId]);
}
