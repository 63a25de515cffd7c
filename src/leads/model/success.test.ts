import { describe, expect, it } from 'vitest';
import { successView } from './success';

describe('successView', () => {
  it.each([
    ['?category=General+Enquiry', 'enquiry'],
    ['?category=Competition%20Enquiry', 'signup'],
    ['?category=General+Enquiry&subcategory=Newsletter', 'signup'],
    ['?category=General+Enquiry&subcategory=Career+Enquiry', 'career'],
    ['?category=used-vehicle-enquiry&car_id=12', 'vehicle'],
    ['?category=finance-pre-approval', 'finance'],
    ['?category=service-booking', 'service'],
    ['?category=test-drive&car=2024-toyota-hilux-sr5', 'test-drive'],
    ['?category=sell-my-car', 'trade-in'],
    ['?category=car-reservation&payment=8fd7063e-5b17-47ba-b05e-b5df6252ee69', 'car-reservation'],
    ['?category=online-payment', 'online-payment'],
    ['', 'enquiry'],
    ['?category=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'enquiry'],
  ])('%s shows the %s message', (search, kind) => {
    expect(successView(search).kind).toBe(kind);
  });

  it('links back to the car only for a real slug', () => {
    expect(successView('?category=new-vehicle-enquiry&car=2024-toyota-hilux-sr5').carPath).toBe('/cars/2024-toyota-hilux-sr5');
    for (const car of ['javascript:alert(1)', '//evil.example', '../admin', 'a b', '"><img src=x>', 'x'.repeat(300)]) {
      expect(successView(`?category=new-vehicle-enquiry&car=${encodeURIComponent(car)}`).carPath).toBeUndefined();
    }
  });

  it('names the trade-in lead whose kept estimate to show, only for a trade-in and a plain id', () => {
    expect(successView('?category=sell-my-car&lead_id=8fd7063e-5b17').leadId).toBe('8fd7063e-5b17');
    expect(successView('?category=General+Enquiry&lead_id=8fd7063e').leadId).toBeUndefined();
    for (const id of ['', 'a b', '<b>', 'x'.repeat(101)]) expect(successView(`?category=valuation&lead_id=${encodeURIComponent(id)}`).leadId).toBeUndefined();
  });
});
