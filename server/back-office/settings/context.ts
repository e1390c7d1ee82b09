import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Sql } from '../../db/sql.ts';
import type { Viewer } from '../layout.ts';

/** What the Réglages read of the back office they are part of. */
export interface SettingsContext {
  sql: Sql;
  /** A page or form that needs a session (the back office's). */
  signedIn: preHandlerAsyncHookHandler;
  viewerOf: (request: FastifyRequest, reply: FastifyReply) => Viewer;
  page: (reply: FastifyReply, html: string, status?: number) => FastifyReply;
}

/** The guards of the area's pages and forms: the session, the administrator's role, and for a form its token. */
export interface SettingsGuards {
  page: { preHandler: preHandlerAsyncHookHandler[] };
  form: { preHandler: preHandlerAsyncHookHandler[] };
}
