import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { readReferences } from '../db/company-profile.ts';
import { readTerms } from '../db/company-terms.ts';
import { HttpError } from '../http/validation.ts';
import { renderTermsPage } from '../pages/terms-page.ts';
import { bookingPageHeaders } from './dashboard.ts';

const CompanyParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/)) });

/** /conditions-generales/{id}: a carrier's general conditions, which its devis link (a public document). */
export const termsRoutes: FastifyPluginAsync = async (app) => {
  const { sql } = app;
  app.get('/conditions-generales/:id', { schema: { hide: true } }, async (request, reply) => {
    const params = v.safeParse(CompanyParams, request.params);
    const companyId = params.success ? Number(params.output.id) : null;
    const terms = companyId === null ? null : await readTerms(sql, companyId);
    if (companyId === null || !terms) throw new HttpError(404, 'Conditions générales introuvables');
    const carrier = await readReferences(sql, companyId);
    bookingPageHeaders(reply);
    return reply.type('text/html; charset=utf-8').send(renderTermsPage(carrier?.name ?? 'Le transporteur', terms.body));
  });
};
