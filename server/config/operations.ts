/** How the process is run: where it listens, where its metrics go, how it stops. */
export interface Operations {
  port: number;
  host: string;
  /** Prometheus metrics on a port of their own (null: none), on METRICS_HOST. */
  metricsPort: number | null;
  metricsHost: string;
  /** Or at /metrics on the API's port, for a scraper presenting this bearer token (null: not served there). */
  metricsToken: string | null;
  /** After SIGTERM, how long /readyz says "not ready" while requests are still served, so a load balancer can turn away. */
  shutdownDelayMs: number;
  /** Then how long requests in flight may take before the process exits anyway. */
  shutdownTimeoutMs: number;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} doit être un entier d’au moins ${min} (reçu « ${raw} »)`);
  return value;
}

export function operationsFromEnv(env: NodeJS.ProcessEnv, demo: boolean): Operations {
  const token = env.METRICS_TOKEN?.trim() ?? '';
  if (token !== '' && token.length < 16) throw new Error('METRICS_TOKEN doit compter au moins 16 caractères');
  return {
    port: whole(env, 'PORT', 8080),
    host: env.HOST?.trim() || '127.0.0.1',
    metricsPort: env.METRICS_PORT?.trim() ? whole(env, 'METRICS_PORT', 0) : null,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    metricsToken: token === '' ? null : token,
    // A demo stops at once on Ctrl-C; behind a load balancer, a few of its health checks' periods.
    shutdownDelayMs: whole(env, 'SHUTDOWN_DELAY_MS', demo ? 0 : 5000),
    shutdownTimeoutMs: whole(env, 'SHUTDOWN_TIMEOUT_MS', 15_000, 1),
  };
}
