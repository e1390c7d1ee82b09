import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { logoBytes } from '../db/company-profile.ts';
import { IMMUTABLE } from '../http/element-files.ts';

const LogoParams = v.object({ file: v.pipe(v.string(), v.regex(/^([0-9a-f]{40})\.(png|jpg)$/)) });

/**
 * /logos/{hash}.png: a company's logo, for its devis, its back office and its pages. Named by
 * the hash of its bytes, so it is cached for good and a new logo has a new address; served
 * with the type its bytes were checked to be, never sniffed, and a policy that runs nothing.
 */
export const logoRoutes: FastifyPluginAsync = async (app) => {
  const { sql } = app;
  app.get('/logos/:file', { schema: { hide: true } }, async (request, reply) => {
    const params = v.safeParse(LogoParams, request.params);
    const file = params.success ? params.output.file : null;
    const logo = file ? await logoBytes(sql, file.slice(0, 40)) : null;
    if (!file || !logo || (logo.content_type === 'image/png') !== file.endsWith('.png'))
      return reply.code(404).type('text/plain; charset=utf-8').send('Logo introuvable');
    return reply
      .type(logo.content_type)
      .header('cache-control', IMMUTABLE)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(logo.data);
  });
};
