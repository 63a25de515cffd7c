import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalPayments, type PaySession } from './payments-local';
import { paymentProviderFor, paymentProvidersFromEnv, providerNamed } from './payments';

const root = () => mkdtempSync(path.join(tmpdir(), 'payments-root-'));

const session: PaySession = {
  payment_id: '00000000-0000-4000-8000-000000000001',
  dealer: 'kingfisher-toyota',
  amount_minor: 50_000,
  currency: 'AUD',
  description: 'Reservation deposit',
  return_url: 'https://dealer.test/checkout/return',
  cancel_url: 'https://dealer.test/',
  expires: Date.now() + 60_000,
  provider_ref: 'ls_x',
};

describe('choosing the payment provider', () => {
  it('uses the local processor by default', () => {
    const providers = paymentProvidersFromEnv({ LOCAL_PAYMENTS_SECRET: 'x' }, { root: root() });
    expect(paymentProviderFor({ payment_provider: 'local' }, providers)?.name).toBe('local');
    expect(providers.warnings()).toEqual([]);
  });

  it('signs with a secret of its own when LOCAL_PAYMENTS_SECRET is unset: never one anyone can read in the source', () => {
    const here = root();
    const providers = paymentProvidersFromEnv({}, { root: here });
    // What anyone could sign with before: the development secret written in the source.
    for (const known of ['local-payments-development-secret', '']) {
      const forged = createLocalPayments({ secret: known }).signedEvent(session, 'succeeded');
      expect(providers.local.verifyEvent(forged.body, forged.headers).ok).toBe(false);
    }
    const own = providers.local.signedEvent(session, 'succeeded');
    expect(providers.local.verifyEvent(own.body, own.headers).ok).toBe(true);

    // Kept, readable by the server's user only: a restart (or another process) signs with the same one.
    const file = path.join(here, '.data/secrets/local-payments');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    expect(paymentProvidersFromEnv({}, { root: here }).local.verifyEvent(own.body, own.headers).ok).toBe(true);
    expect(providers.warnings().join(' ')).toContain('LOCAL_PAYMENTS_SECRET is not set');
    // Another server's kept secret is another secret.
    expect(paymentProvidersFromEnv({}, { root: root() }).local.verifyEvent(own.body, own.headers).ok).toBe(false);
  });

  it('offers Stripe only when its key and webhook secret are set', () => {
    const here = root();
    expect(paymentProviderFor({ payment_provider: 'stripe' }, paymentProvidersFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x' }, { root: here }))).toBeUndefined();
    const both = paymentProvidersFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, { root: here });
    expect(paymentProviderFor({ payment_provider: 'stripe' }, both)?.name).toBe('stripe');
    expect(providerNamed(both, 'paypal')).toBeUndefined();
  });
});
