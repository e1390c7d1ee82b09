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

/** An error of Stripe's client: Stripe answered an error, or did not answer at all. */
export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/**
 * Stripe answered, and refused the request as asked (4xx: a session no longer open, an unknown
 * one): retrying it changes nothing. Anything else (no answer, 5xx, too many requests) is retried.
 */
export function isStripeRefusal(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}
