/**
 * /unsubscribe?token=… (src/accounts/ui/UnsubscribePage.astro): the link at the foot of every
 * alert email. Opening it changes nothing (mail scanners open links too); the shopper presses the
 * button, which POSTs the token, and the page says what is now off.
 */
import { takeFromAddress } from '../../platform/web/address-secrets';
import type { Fetch } from './account-api';
import { unsubscribe } from './account-calls';
import { setBusy } from './form-ui';

export const UNSUBSCRIBED =
  'Done: alert emails are off. You will get no more emails about price drops or sales of cars you saved, nor about new cars matching searches you saved. You can turn them back on in My Garage.';
export const NO_TOKEN = 'This unsubscribe link is incomplete. Copy the whole link from the email, or sign in to My Garage to turn alerts off.';

/** A token worth sending, or undefined. */
const usableToken = (given: string | null | undefined): string | undefined => {
  const token = given?.trim();
  return token && token.length <= 1000 && !/\s/.test(token) ? token : undefined;
};

/** The token from the address, or undefined when there is none worth sending. */
export const unsubscribeToken = (search: string): string | undefined => usableToken(new URLSearchParams(search).get('token'));

export async function turnAlertsOff(token: string, fetcher?: Fetch): Promise<{ ok: boolean; message: string }> {
  const result = await unsubscribe(token, fetcher);
  return result.ok ? { ok: true, message: UNSUBSCRIBED } : { ok: false, message: result.error };
}

export function initUnsubscribePage(doc: Document = document, win: Window = window): void {
  const root = doc.querySelector<HTMLElement>('[data-unsubscribe]');
  const button = root?.querySelector<HTMLButtonElement>('[data-part="button"]');
  const done = root?.querySelector<HTMLElement>('[data-part="done"]');
  const alert = root?.querySelector<HTMLElement>('[data-part="alert"]');
  if (!root || !button || !done || !alert) return;
  // Out of the address bar at once: it turns this shopper's alerts off, and analytics see the address.
  const token = usableToken(takeFromAddress(win, 'token'));
  if (!token) {
    alert.textContent = NO_TOKEN;
    return;
  }
  button.disabled = false;
  button.addEventListener('click', () => {
    setBusy(button, true);
    alert.textContent = '';
    void turnAlertsOff(token).then(({ ok, message }) => {
      if (ok) {
        button.hidden = true;
        done.hidden = false;
        done.textContent = message;
        done.focus();
      } else {
        setBusy(button, false);
        alert.textContent = message;
      }
    });
  });
}
