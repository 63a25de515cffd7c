import { describe, expect, it } from 'vitest';
import { takeFromAddress, withoutSecrets } from './address-secrets';

/** The address bar and history of one page, as the page script sees them. */
function fakeWindow(address: string, state: unknown = null) {
  const win = {
    location: new URL(address),
    history: {
      state,
      replaceState(next: unknown, _title: string, url: string) {
        win.history.state = next;
        win.location = new URL(url, win.location.href);
      },
    },
  };
  return win;
}

describe('secrets in a page’s address', () => {
  it('are left out of any address analytics are given', () => {
    expect(withoutSecrets('https://d.example/checkout/return?payment=p1&key=SECRET&car=x#top')).toBe('https://d.example/checkout/return?payment=p1&car=x#top');
    expect(withoutSecrets('https://d.example/unsubscribe?token=SECRET')).toBe('https://d.example/unsubscribe');
    expect(withoutSecrets('/sign-in?token=SECRET&type=checkout')).toBe('/sign-in?type=checkout');
    expect(withoutSecrets('https://d.example/search?make=toyota')).toBe('https://d.example/search?make=toyota');
    expect(withoutSecrets('')).toBe('');
  });

  it('leave the address bar once read, and a reload of the page still has them', () => {
    const win = fakeWindow('https://d.example/checkout/return?payment=p1&key=SECRET&car=x');
    expect(takeFromAddress(win, 'key')).toBe('SECRET');
    expect(win.location.href).toBe('https://d.example/checkout/return?payment=p1&car=x');
    // A reload keeps the history entry and its state, not the parameter.
    const reloaded = fakeWindow(win.location.href, win.history.state);
    expect(takeFromAddress(reloaded, 'key')).toBe('SECRET');
    expect(reloaded.location.href).toBe('https://d.example/checkout/return?payment=p1&car=x');
    expect(takeFromAddress(fakeWindow('https://d.example/checkout/return?payment=p1'), 'key')).toBeUndefined();
  });

  it('keep whatever else the page kept in its history state', () => {
    const win = fakeWindow('https://d.example/unsubscribe?token=T', { scroll: 10 });
    expect(takeFromAddress(win, 'token')).toBe('T');
    expect(win.history.state).toMatchObject({ scroll: 10 });
  });
});
