import { describe, expect, it } from 'vitest';
import { DestinationError, outboxDestinations, replyDestinations, resolveDestination, type DestinationSite } from './destinations';

const configured: DestinationSite = {
  email: 'sales@dealer.example',
  leads: {
    destinations: [
      { type: 'webhook', url: 'https://crm.example/hook', secret_env: 'CRM_SECRET' },
      { type: 'adf_email', to: ['crm@dealer.example'] },
      { type: 'webhook', url: 'https://other.example/hook', secret_env: 'OTHER_SECRET' },
    ],
  },
};
const bare: DestinationSite = { email: 'sales@dealer.example', leads: { destinations: [] } };

describe('outboxDestinations', () => {
  it('always has the folder unless LEADS_OUTBOX_DIR=off', () => {
    expect(outboxDestinations(bare, {})).toEqual(['folder']);
    expect(outboxDestinations(bare, { LEADS_OUTBOX_DIR: '/var/leads' })).toEqual(['folder']);
    expect(outboxDestinations(bare, { LEADS_OUTBOX_DIR: 'off' })).toEqual([]);
  });

  it('names webhooks by index, and ADF emails only with SMTP_URL', () => {
    expect(outboxDestinations(configured, {})).toEqual(['folder', 'webhook:0', 'webhook:2']);
    expect(outboxDestinations(configured, { SMTP_URL: 'smtp://localhost:2525' })).toEqual(['folder', 'webhook:0', 'adf_email:1', 'webhook:2']);
  });

  it('sends to the site email when nothing is configured and SMTP is', () => {
    expect(outboxDestinations(bare, { SMTP_URL: 'smtp://localhost:2525', LEADS_OUTBOX_DIR: 'off' })).toEqual(['adf_email:default']);
    expect(outboxDestinations({ leads: { destinations: [] } }, { SMTP_URL: 'smtp://localhost:2525' })).toEqual(['folder']);
  });
});

describe('resolveDestination', () => {
  it('finds what each name stands for', () => {
    expect(resolveDestination(configured, 'folder')).toEqual({ type: 'folder' });
    expect(resolveDestination(configured, 'webhook:2')).toEqual({ type: 'webhook', url: 'https://other.example/hook', secret_env: 'OTHER_SECRET' });
    expect(resolveDestination(configured, 'adf_email:1')).toEqual({ type: 'adf_email', to: ['crm@dealer.example'] });
    expect(resolveDestination(bare, 'adf_email:default')).toEqual({ type: 'adf_email', to: ['sales@dealer.example'] });
  });

  it('refuses names the dealer file no longer backs', () => {
    expect(() => resolveDestination(configured, 'webhook:1')).toThrow(DestinationError);
    expect(() => resolveDestination(configured, 'webhook:9')).toThrow('webhook:9 is no longer in the dealer');
    expect(() => resolveDestination({ leads: { destinations: [] } }, 'adf_email:default')).toThrow('no longer has an email');
    expect(() => resolveDestination(configured, 'ftp:0')).toThrow('unknown destination');
  });
});

describe('replyDestinations', () => {
  const on = { leads: { shopper_reply: { enabled: true } } };
  const off = { leads: { shopper_reply: { enabled: false } } };

  it('owes a reply to a lead with an email address, by SMTP or as a mail file in the outbox folder', () => {
    expect(replyDestinations(on, { email: 'sam@example.com' }, {})).toEqual(['shopper_reply']);
    expect(replyDestinations(on, { email: 'sam@example.com' }, { LEADS_OUTBOX_DIR: 'off', SMTP_URL: 'smtp://localhost:2525' })).toEqual(['shopper_reply']);
    expect(resolveDestination({ leads: { destinations: [] } }, 'shopper_reply')).toEqual({ type: 'shopper_reply' });
  });

  it('owes none without an address, with replies off, or with nowhere for mail to go', () => {
    expect(replyDestinations(on, { phone: '0412345678' }, {})).toEqual([]);
    expect(replyDestinations(off, { email: 'sam@example.com' }, {})).toEqual([]);
    expect(replyDestinations(on, { email: 'sam@example.com' }, { LEADS_OUTBOX_DIR: 'off' })).toEqual([]);
  });
});
