/**
 * The sign-in email: the code in the subject line and the text (so a phone's notification shows
 * it), and a link that opens the site's sign-in page, which posts the link's token to the API.
 * Plain text only: nothing in it needs markup, and a mail client cannot be tricked by text.
 */
import type { DealerConfig } from '../../platform/config/schema';
import type { ShopperMail } from '../../leads/delivery/outbox/shopper-mail';
import { SIGN_IN_PATH } from '../model/sign-in';
import { CODE_LIFETIME_MS } from './sign-in-codes';

/** The emailed link: the sign-in page of the site the shopper asked on, carrying the token. */
export const signInLink = (origin: string, token: string): string => `${origin}${SIGN_IN_PATH}?token=${encodeURIComponent(token)}`;

export function signInMail(site: Pick<DealerConfig, 'name'>, { to, code, link }: { to: string; code: string; link: string }): ShopperMail {
  const minutes = Math.round(CODE_LIFETIME_MS / 60_000);
  return {
    to,
    subject: `${code} is your sign-in code for ${site.name}`,
    text: [
      `Your code to sign in to ${site.name}:`,
      '',
      `    ${code}`,
      '',
      'Or sign in with this link:',
      link,
      '',
      `The code and the link work once, within ${minutes} minutes.`,
      '',
      'If you did not ask to sign in, you can ignore this email: nobody can sign in without the code or the link.',
      '',
    ].join('\n'),
  };
}
