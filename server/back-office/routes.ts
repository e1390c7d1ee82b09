import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { BackOfficeSettings } from '../config/back-office.ts';
import type { NotificationSettings } from '../config/notifications.ts';
import { logoFile } from '../db/company-profile.ts';
import { alertsRoutes } from './alerts-page.ts';
import { bookingRoutes } from './booking-routes.ts';
import { bookingsListRoutes } from './bookings-list-routes.ts';
import { customerOfferRoutes } from './customer-offer-routes.ts';
import { directoryRoutes } from './directory/directory-routes.ts';
import { BASE, type Viewer } from './layout.ts';
import { officeErrorPage, page, signedOutPage } from './office-page.ts';
import { cookieOptions, CSRF_COOKIE, csrfUserInfo, requireSession } from './session.ts';
import { settingsRoutes } from './settings/routes.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { teamRoutes } from './team/routes.ts';
import { webhooksRoutes } from './webhooks-routes.ts';

export { page } from './office-page.ts';

/** What the back office reads beside the server's context. */
export interface BackOfficeOptions {
  settings: BackOfficeSettings;
  notifications: NotificationSettings;
  /** The form tokens' HMAC key (server_keys). */
  csrfKey: Buffer;
}

/**
 * The carrier's back office, /espace-transporteur: sign-in per company (its own accounts,
 * never the company token), the company's bookings (and the public pages' for the company
 * they are assigned to), a booking's page with its decision, the CSV export, and the webhooks.
 * Server-rendered French pages without any script; every form carries a token bound to the
 * session (CSRF), every page and form needs the session, and every booking is read through
 * the session's scope, so another company's booking is a 404 like one that does not exist.
 * This plugin only assembles: each group of pages is its own module.
 */
export const backOfficeRoutes: FastifyPluginAsync<BackOfficeOptions> = async (app, options) => {
  const { sql, notifier, addressSecret } = app;
  const { settings, notifications } = options;
  // The customer's page of a counter-offer: outside the back office, its link's token for credential.
  await customerOfferRoutes(app);
  await app.register(
    async (office) => {
      await office.register(fastifyFormbody);
      await office.register(fastifyCookie);
      await office.register(fastifyCsrf, {
        sessionPlugin: '@fastify/cookie',
        cookieKey: CSRF_COOKIE,
        cookieOpts: cookieOptions,
        getUserInfo: csrfUserInfo,
        getToken: (request: FastifyRequest) => (request.body as Record<string, unknown> | undefined)?._csrf as string,
        csrfOpts: { hmacKey: options.csrfKey },
        logLevel: 'info',
      });
      office.setErrorHandler(officeErrorPage);

      const viewerOf = (request: FastifyRequest, reply: FastifyReply): Viewer => {
        const carrier = request.carrier!;
        return {
          companyName: carrier.companyName,
          email: carrier.email,
          csrf: reply.generateCsrf({ userInfo: csrfUserInfo(request) }),
          role: carrier.role,
          logo: carrier.logo ? { src: `/logos/${logoFile(carrier.logo)}`, width: carrier.logo.width, height: carrier.logo.height } : null,
        };
      };
      const signedIn = requireSession(sql, settings.publicCompanyId, signedOutPage);
      const csrf = office.csrfProtection;
      const protectedForm = { preHandler: [signedIn, csrf] };
      const mailOn = notifier.mailDescription !== null;
      const publicUrl = notifications.publicUrl;

      signInRoutes(office, { sql, settings, addressSecret, protectedForm });
      bookingsListRoutes(office, { sql, signedIn, viewerOf });
      bookingRoutes(office, { sql, settings, signedIn, protectedForm, viewerOf, priceCeilingEuros: app.limits.priceCeilingEuros });
      const settingsContext = { sql, signedIn, csrf, viewerOf, page, publicUrl };
      await settingsRoutes(office, settingsContext);
      await directoryRoutes(office, settingsContext);
      await teamRoutes(office, { sql, settings, notifier, addressSecret, signedIn, csrf, viewerOf, page });
      alertsRoutes(office, { sql, signedIn, csrf, viewerOf, page, publicUrl, mailOn });
      await webhooksRoutes(office, { sql, notifier, webhooks: notifications.webhooks, signedIn, csrf, viewerOf, page });
    },
    { prefix: BASE },
  );
};
