import * as v from 'valibot';

/**
 * Online deposits through Stripe Checkout (issue 46): on only when both secrets are set.
 * STRIPE_API_BASE points the official client elsewhere than api.stripe.com (the tests' and the
 * demo's local stand-in); never set in production.
 */
export interface PaymentSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the client sends its requests: null for Stripe itself. */
  apiBase: { protocol: 'http' | 'https'; host: string; port: number } | null;
}

const Secret = (name: string, prefix: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(new RegExp(`^${prefix}[A-Za-z0-9_]{8,}$`), `${name} doit commencer par « ${prefix} » (la clé donnée par Stripe)`),
  );

const PaymentEnv = v.object({
  STRIPE_SECRET_KEY: v.optional(v.union([v.literal(''), Secret('STRIPE_SECRET_KEY', '(sk|rk)_')]), ''),
  STRIPE_WEBHOOK_SECRET: v.optional(v.union([v.literal(''), Secret('STRIPE_WEBHOOK_SECRET', 'whsec_')]), ''),
  STRIPE_API_BASE: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.trim(),
        v.url('STRIPE_API_BASE doit être une adresse complète, par exemple http://127.0.0.1:12111'),
        v.regex(/^https?:\/\//, 'STRIPE_API_BASE doit commencer par http:// ou https://'),
      ),
    ]),
    '',
  ),
});

/** The payment settings, or null when deposits are off (one of the two secrets missing). */
export function paymentsFromEnv(env: NodeJS.ProcessEnv): PaymentSettings | null {
  const parsed = v.safeParse(PaymentEnv, {
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY?.trim() ?? '',
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET?.trim() ?? '',
    STRIPE_API_BASE: env.STRIPE_API_BASE?.trim() ?? '',
  });
  if (!parsed.success) throw new Error(parsed.issues[0].message);
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: base } = parsed.output;
  if (secretKey === '' || webhookSecret === '') {
    if (secretKey !== '' || webhookSecret !== '')
      throw new Error('STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET vont ensemble : réglez les deux, ou aucun');
    return null;
  }
  let apiBase: PaymentSettings['apiBase'] = null;
  if (base !== '') {
    const url = new URL(base);
    const protocol = url.protocol === 'https:' ? 'https' : 'http';
    apiBase = { protocol, host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)) };
  }
  return { secretKey, webhookSecret, apiBase };
}
