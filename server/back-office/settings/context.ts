import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import type { Sql } from '../../db/sql.ts';
import type { Viewer } from '../layout.ts';

/** What the Réglages read of the back office they are part of. */
export interface SettingsContext {
  sql: Sql;
  /** A page or form that needs a session (the back office's). */
  signedIn: preHandlerAsyncHookHandler;
  /** The form token's check (CSRF), for every form. */
  csrf: preHandlerHookHandler;
  viewerOf: (request: FastifyRequest, reply: FastifyReply) => Viewer;
  page: (reply: FastifyReply, html: string, status?: number) => FastifyReply;
  /** PUBLIC_URL: where the snippets say this server answers; else the address the page was asked at. */
  publicUrl: string | null;
}

/** The guards of the area's pages and forms: the session, the administrator's role, and for a form its token. */
export interface SettingsGuards {
  page: { preHandler: preHandlerAsyncHookHandler[] };
  form: { preHandler: preHandlerAsyncHookHandler[] };
}
