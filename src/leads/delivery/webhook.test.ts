import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature, webhookBody, webhookJson, type DeliverableLead } from './webhook';

const lead: DeliverableLead = {
  id: '3f0c1a52-7f0e-4b7e-9d59-0b5a1f0e2a11',
  dealer: 'kingfisher-toyota',
  form: 'enquiry',
  category: 'General Enquiry',
  status: 'Complete',
  data: { name: '</script><script>alert(1)</script>', email: 'jane@example.com', message: 'a & b\u2028c' },
  consent: { opt_in: true, wording: 'Keep me up to date', at: '2025-11-21T00:00:00.000Z' },
  created_at: new Date('2025-11-21T00:00:00Z'),
  completed_at: new Date('2025-11-21T00:00:05Z'),
};

describe('webhookBody', () => {
  it('carries the lead, its consent and file metadata only', () => {
    const files = [{ id: 'f1', field: 'licence', content_type: 'image/png', size: 1234, stored_name: 'secret/path.png' }];
    const body = webhookBody(lead, files);
    expect(body).toEqual({
      id: lead.id,
      dealer: 'kingfisher-toyota',
      form: 'enquiry',
      category: 'General Enquiry',
      status: 'Complete',
      created_at: '2025-11-21T00:00:00.000Z',
      completed_at: '2025-11-21T00:00:05.000Z',
      consent: lead.consent,
      data: lead.data,
      files: [{ id: 'f1', field: 'licence', content_type: 'image/png', size: 1234 }],
      vehicle: null,
    });
  });

  it('gives each file its download link and when the link stops working, when the delivery has them', () => {
    const url = `https://www.kingfishertoyota.example/api/leads/${lead.id}/files/f1?key=1766372400.abc`;
    const files = [{ id: 'f1', field: 'vehicle_photos', content_type: 'image/jpeg', size: 1234, url, url_expires_at: '2025-12-22T03:00:00.000Z' }];
    expect(webhookBody(lead, files).files).toEqual([
      { id: 'f1', field: 'vehicle_photos', content_type: 'image/jpeg', size: 1234, url, url_expires_at: '2025-12-22T03:00:00.000Z' },
    ]);
    const sent = webhookJson(webhookBody(lead, files));
    expect((JSON.parse(sent) as { files: { url: string }[] }).files[0]?.url).toBe(url);
  });

  it('serialises without raw markup characters yet parses back to the same values', () => {
    const json = webhookJson(webhookBody(lead));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect((JSON.parse(json) as { data: unknown }).data).toEqual(lead.data);
  });
});

describe('signWebhook / verifyWebhookSignature', () => {
  const body = webhookJson(webhookBody(lead));

  it('is sha256= and the hex HMAC-SHA256 of the raw body', () => {
    const hex = createHmac('sha256', 'topsecret').update(body).digest('hex');
    expect(signWebhook(body, 'topsecret')).toBe(`sha256=${hex}`);
  });

  it('accepts the right signature and refuses a wrong secret, a changed body or junk', () => {
    const signature = signWebhook(body, 'topsecret');
    expect(verifyWebhookSignature(body, 'topsecret', signature)).toBe(true);
    expect(verifyWebhookSignature(body, 'other', signature)).toBe(false);
    expect(verifyWebhookSignature(`${body} `, 'topsecret', signature)).toBe(false);
    expect(verifyWebhookSignature(body, 'topsecret', 'sha256=00')).toBe(false);
    expect(verifyWebhookSignature(body, 'topsecret', undefined)).toBe(false);
    expect(verifyWebhookSignature(body, 'topsecret', signature.replace('sha256=', 'sha1='))).toBe(false);
  });
});
