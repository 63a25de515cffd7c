import { describe, expect, it } from 'vitest';
import { paymentProviderFor, paymentProvidersFromEnv, providerNamed } from './payments';

describe('choosing the payment provider', () => {
  it('uses the local processor by default and warns about its development secret', () => {
    const providers = paymentProvidersFromEnv({});
    expect(paymentProviderFor({ payment_provider: 'local' }, providers)?.name).toBe('local');
    expect(providers.warnings.join(' ')).toMatch(/LOCAL_PAYMENTS_SECRET/);
    expect(paymentProvidersFromEnv({ LOCAL_PAYMENTS_SECRET: 'x' }).warnings).toEqual([]);
  });

  it('offers Stripe only when its key and webhook secret are set', () => {
    expect(paymentProviderFor({ payment_provider: 'stripe' }, paymentProvidersFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x' }))).toBeUndefined();
    const both = paymentProvidersFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(paymentProviderFor({ payment_provider: 'stripe' }, both)?.name).toBe('stripe');
    expect(providerNamed(both, 'paypal')).toBeUndefined();
  });
});
