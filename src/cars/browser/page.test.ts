import { describe, expect, it } from 'vitest';
import { showHold } from './page';

/** The few elements showHold touches, as plain objects (the tests run without a DOM). */
function carArticle(status = 'in_stock') {
  const link = { hidden: false, dataset: { carId: '42' } };
  const pill = { textContent: 'In Stock' };
  const article = {
    dataset: { status } as Record<string, string>,
    querySelector: (selector: string) => (selector === '[data-checkout-link]' ? link : selector === '[data-car-status]' ? pill : null),
  };
  return { article: article as unknown as HTMLElement, link, pill };
}

const answering = (body: unknown, asked: string[] = []) =>
  ((url: string) => {
    asked.push(url);
    return Promise.resolve(new Response(JSON.stringify(body)));
  }) as unknown as typeof fetch;

describe('a held car on its static page', () => {
  it("shows 'Reserved' and hides the checkout button when the API says the car is held", async () => {
    const { article, link, pill } = carArticle();
    const asked: string[] = [];
    await showHold(article, answering({ car_id: '42', reserved: true }, asked));
    expect(asked).toEqual(['/api/cars/42/availability']);
    expect(link.hidden).toBe(true);
    expect(pill.textContent).toBe('Reserved');
  });

  it('leaves the page as it is when the car is free, the answer is odd, or the car is sold', async () => {
    for (const body of [{ reserved: false }, { reserved: 'true' }, 'nonsense']) {
      const { article, link, pill } = carArticle();
      await showHold(article, answering(body));
      expect(link.hidden).toBe(false);
      expect(pill.textContent).toBe('In Stock');
    }
    const sold = carArticle('sold');
    const asked: string[] = [];
    await showHold(sold.article, answering({ reserved: true }, asked));
    expect(asked).toEqual([]);
  });
});
