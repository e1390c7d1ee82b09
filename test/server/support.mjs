// Starts the built reference server as a real process on a free port with its own SQLite file.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const DEMO_COMPANY_TOKEN = 'tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6';
export const OTHER_COMPANY_TOKEN = 'tqw_demo_0a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c';

/**
 * Test servers serve one client (this machine) far above a visitor's pace: their rate limits
 * are raised so the suites test behaviour, and the hardening suite sets its own small ones.
 */
export const GENEROUS_LIMITS = {
  RATE_WRITES_PER_MINUTE_PER_IP: '1000000',
  RATE_WRITES_PER_MINUTE_PER_COMPANY: '1000000',
  RATE_READS_PER_MINUTE_PER_IP: '1000000',
  RATE_READS_PER_MINUTE_PER_COMPANY: '1000000',
};

export function tempDatabasePath() {
  return path.join(mkdtempSync(path.join(tmpdir(), 'tqw-')), 'test.sqlite');
}

/** Resolves once the server printed its READY line; `logs` collects everything it writes. */
export function startServer(databasePath = tempDatabasePath(), port = 0, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.mjs')], {
      env: {
        ...process.env,
        ...GENEROUS_LIMITS,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_PATH: databasePath,
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let logs = '';
    const timer = setTimeout(() => reject(new Error(`le serveur n'a pas démarré :\n${logs}`)), 20000);
    const onData = (chunk) => {
      logs += chunk;
      const ready = /READY (http:\/\/\S+)/.exec(logs);
      if (ready && !server.base) {
        server.base = ready[1];
        clearTimeout(timer);
        resolve(server);
      }
    };
    const server = {
      base: null,
      databasePath,
      child,
      get logs() {
        return logs;
      },
      stop(signal = 'SIGTERM') {
        return new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill(signal);
        });
      },
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (!server.base) reject(new Error(`le serveur s'est arrêté (${code}) :\n${logs}`));
    });
  });
}

export async function json(base, method, url, { body, headers = {}, raw } = {}) {
  const response = await fetch(base + url, {
    method,
    headers: { ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  return { status: response.status, data, headers: response.headers, text };
}
