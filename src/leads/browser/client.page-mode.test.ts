import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendLead } from './client';

/** A browser page, as far as the lead client reads it: its meta tags by name. */
const pageWith = (meta: Record<string, string>) => ({
  querySelector: (selector: string) => {
    const name = /^meta\[name="([^"]+)"\]$/.exec(selector)?.[1];
    return name !== undefined && name in meta ? { content: meta[name] } : null;
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('sendLead without a mode', () => {
  const urls: string[] = [];
  const fetch = ((url: string) => {
    urls.push(url);
    return Promise.resolve(new Response(JSON.stringify({ id: 'x' }), { status: 201 }));
  }) as typeof globalThis.fetch;

  it('follows the page it runs on: a test build’s page sends to the mock route, a normal page to the real one', async () => {
    urls.length = 0;
    vi.stubGlobal('document', pageWith({ 'leads-mode': 'mock' }));
    await sendLead({ lead: { form: 'enquiry' }, idempotencyKey: 'key-12345' }, { fetch });
    vi.stubGlobal('document', pageWith({ description: 'Cars' }));
    await sendLead({ lead: { form: 'enquiry' }, idempotencyKey: 'key-23456' }, { fetch });
    expect(urls).toEqual(['/api/mock/leads', '/api/leads']);
  });
});
