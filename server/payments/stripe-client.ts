import Stripe from 'stripe';
import type { PaymentSettings } from '../config/payments.ts';

/** Stripe's client for the server's key; pointed at STRIPE_API_BASE when set (the tests' and the demo's stand-in). */
export function stripeClient(settings: PaymentSettings): Stripe {
  return new Stripe(settings.secretKey, {
    // Its own retries reuse the idempotency key: a retry never makes a second session or refund.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(settings.apiBase ? { host: settings.apiBase.host, port: settings.apiBase.port, protocol: settings.apiBase.protocol } : {}),
  });
}

/** The origins a browser is sent to for the payment: Checkout's, or the stand-in's (the page's form-action allows them). */
export function checkoutOrigins(settings: PaymentSettings): string[] {
  const base = settings.apiBase;
  return base ? [`${base.protocol}://${base.host}:${base.port}`] : ['https://checkout.stripe.com'];
}
