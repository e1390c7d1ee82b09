import type { Sql } from './sql.ts';

export interface WebhookEndpoint {
  id: number;
  owner: string;
  url: string;
  /** Shown to the signed-in carrier: its receivers check each delivery's signature with it. */
  secret: string;
  created_at: string;
}

export async function listEndpoints(sql: Sql, owner: string): Promise<WebhookEndpoint[]> {
  return sql.all<WebhookEndpoint>(
    'SELECT id, owner, url, secret, created_at FROM webhook_endpoints WHERE owner = ? AND disabled_at IS NULL ORDER BY id',
    [owner],
  );
}

export async function addEndpoint(sql: Sql, owner: string, url: string, secret: string, now: string): Promise<number> {
  const row = await sql.get<{ id: number }>(
    'INSERT INTO webhook_endpoints (owner, url, secret, created_at) VALUES (?, ?, ?, ?) RETURNING id',
    [owner, url, secret, now],
  );
  return row!.id;
}

/** One of the owner's endpoints still registered, or null. */
export async function findEndpoint(sql: Sql, owner: string, id: number): Promise<WebhookEndpoint | null> {
  const row = await sql.get<WebhookEndpoint>(
    'SELECT id, owner, url, secret, created_at FROM webhook_endpoints WHERE id = ? AND owner = ? AND disabled_at IS NULL',
    [id, owner],
  );
  return row ?? null;
}

/** An endpoint removed gets no new event; its pending deliveries are dropped by the worker. */
export async function disableEndpoint(sql: Sql, owner: string, id: number, now: string): Promise<boolean> {
  return (
    (await sql.run('UPDATE webhook_endpoints SET disabled_at = ? WHERE id = ? AND owner = ? AND disabled_at IS NULL', [now, id, owner])) ===
    1
  );
}

export interface NewEvent {
  id: string;
  owner: string;
  travelId: number;
  type: string;
  /** The body, written only when an endpoint will receive it. */
  body: () => string;
}

/**
 * Writes an event and one delivery for each endpoint of its owner, inside the transaction of
 * the booking it is about (the outbox): both are committed together or not at all. An owner
 * with no endpoint gets no event (nobody would receive it, and it would double what a booking
 * writes). Returns how many deliveries are due.
 */
export async function recordEvent(tx: Sql, event: NewEvent, now: number, retryMs: number): Promise<number> {
  const endpoints = await tx.all<{ id: number }>('SELECT id FROM webhook_endpoints WHERE owner = ? AND disabled_at IS NULL', [event.owner]);
  if (endpoints.length === 0) return 0;
  await tx.write('INSERT INTO outbox_events (id, owner, travel_id, type, body_json, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
    event.id,
    event.owner,
    event.travelId,
    event.type,
    event.body(),
    now,
  ]);
  for (const endpoint of endpoints)
    await tx.write(
      `INSERT INTO webhook_deliveries (event_id, endpoint_id, state, attempts, created_at, give_up_at, next_attempt_at, locked_until)
       VALUES (?, ?, 'pending', 0, ?, ?, ?, 0)`,
      [event.id, endpoint.id, now, now + retryMs, now],
    );
  return endpoints.length;
}

/** What a worker needs to send a delivery it claimed. */
export interface DeliveryToSend {
  event_id: string;
  type: string;
  body_json: string;
  url: string;
  secret: string;
  disabled_at: string | null;
}

export async function deliveryToSend(sql: Sql, deliveryId: number): Promise<DeliveryToSend | null> {
  const row = await sql.get<DeliveryToSend>(
    `SELECT e.id AS event_id, e.type, e.body_json, p.url, p.secret, p.disabled_at
     FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id JOIN webhook_endpoints p ON p.id = d.endpoint_id
     WHERE d.id = ?`,
    [deliveryId],
  );
  return row ?? null;
}

export interface DeliveryRecord {
  id: number;
  event_id: string;
  type: string;
  travel_id: number;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  finished_at: number | null;
}

/** An endpoint's latest deliveries, newest first, for the back office. */
export async function recentDeliveries(sql: Sql, endpointId: number, limit = 20): Promise<DeliveryRecord[]> {
  const rows = await sql.all<DeliveryRecord>(
    `SELECT d.id, d.event_id, e.type, e.travel_id, d.state, d.attempts, d.created_at, d.next_attempt_at, d.last_status, d.last_error, d.finished_at
     FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id
     WHERE d.endpoint_id = ? ORDER BY d.id DESC LIMIT ?`,
    [endpointId, limit],
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    attempts: Number(row.attempts),
    created_at: Number(row.created_at),
    next_attempt_at: Number(row.next_attempt_at),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
  }));
}

/**
 * Sends an event again to the same endpoint (the back office's "Renvoyer"): a new delivery of
 * the same event, so the receiver sees the same event id. Only the owner's own, to an endpoint
 * still registered.
 */
export async function resendDelivery(sql: Sql, owner: string, deliveryId: number, now: number, retryMs: number): Promise<boolean> {
  const inserted = await sql.run(
    `INSERT INTO webhook_deliveries (event_id, endpoint_id, state, attempts, created_at, give_up_at, next_attempt_at, locked_until)
     SELECT d.event_id, d.endpoint_id, 'pending', 0, ?, ?, ?, 0
     FROM webhook_deliveries d JOIN webhook_endpoints p ON p.id = d.endpoint_id
     WHERE d.id = ? AND p.owner = ? AND p.disabled_at IS NULL`,
    [now, now + retryMs, now, deliveryId, owner],
  );
  return inserted === 1;
}

/** Events and their finished deliveries are kept for the back office's history, then forgotten. */
export async function forgetOldEvents(sql: Sql, before: number): Promise<number> {
  return sql.transaction(async (tx) => {
    await tx.run(
      `DELETE FROM webhook_deliveries WHERE state <> 'pending' AND event_id IN (SELECT id FROM outbox_events WHERE created_at < ?)`,
      [before],
    );
    return tx.run(
      'DELETE FROM outbox_events WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = outbox_events.id)',
      [before],
    );
  });
}
