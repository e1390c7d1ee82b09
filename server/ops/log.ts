import { hostname } from 'node:os';
import pino, { type Logger } from 'pino';
import * as v from 'valibot';

/**
 * The server's log (issue 58): one JSON object a line on standard output, pino's format (level,
 * time, pid, hostname, msg), which is what Fastify writes for requests; the start's lines (the
 * schema steps, the banner, READY), the stop's last line and a refused start are written the
 * same way, so a pipeline reads every line of the process alike. Nothing goes to standard error.
 */
export type ServerLogger = Logger;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const LEVEL_MESSAGE = `LOG_LEVEL doit valoir ${LOG_LEVELS.join(', ')}`;
const LogEnv = v.object({
  LOG_LEVEL: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.transform((raw) => raw || 'info'),
    v.picklist(LOG_LEVELS, LEVEL_MESSAGE),
  ),
});

/** LOG_LEVEL, info by default; anything else stops the start with a French message. */
export function logLevelFromEnv(env: NodeJS.ProcessEnv): LogLevel {
  const parsed = v.safeParse(LogEnv, { LOG_LEVEL: env.LOG_LEVEL ?? '' });
  if (!parsed.success) throw new Error(`${LEVEL_MESSAGE} (reçu «\u00a0${env.LOG_LEVEL}\u00a0»)`);
  return parsed.output.LOG_LEVEL;
}

/** Written synchronously: the last line before process.exit() is never lost in a buffer. */
export function serverLogger(level: LogLevel): ServerLogger {
  return pino({ level }, pino.destination({ dest: 1, sync: true }));
}

/**
 * The lines of the server's life (schema steps, banner, READY, the stop and why): written at
 * info whatever LOG_LEVEL says, since a supervisor and the tests read them at warn too.
 */
export function lifeLog(logger: ServerLogger): ServerLogger {
  return logger.child({}, { level: 'info' });
}

/**
 * A line written before the logger exists or when it cannot be made (LOG_LEVEL itself
 * refused): the same shape as pino's, so the pipeline still reads it.
 */
export function writeJsonLine(level: 'fatal' | 'error', msg: string, fields: Record<string, unknown> = {}): void {
  const value = level === 'fatal' ? 60 : 50;
  process.stdout.write(`${JSON.stringify({ level: value, time: Date.now(), pid: process.pid, hostname: hostname(), ...fields, msg })}\n`);
}
