/** Value types every section shares: capped text, slugs, URLs, colours, times, dates. */
import { z } from 'zod';

/** Any text shown on the page. Length-capped so a pasted novel cannot bloat every page. */
export const text = (max = 500) => z.string().trim().max(max);

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slug = z.string().regex(slugPattern, { error: 'must be lowercase letters, digits and single hyphens, e.g. "city-motors"' }).max(80);

export const absoluteUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL, e.g. "https://www.example.com.au"' }).max(2000);

/**
 * A link target: a site path ("/service"), an in-page anchor ("#finance-form"), an absolute
 * http(s) URL, or a tel:/mailto: link. Anything else (javascript:, data:, protocol-relative)
 * is refused because it would be clickable script.
 */
export const linkUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^(\/(?!\/)|#|https?:\/\/|tel:|mailto:)/i.test(v) && !/[\s<>"]/.test(v.replace(/^mailto:[^?]*\?.*/i, '')), {
    error: 'must be a site path ("/contact"), an anchor ("#form"), an http(s) URL, or a tel:/mailto: link',
  });

/** An image: a path under the dealer's assets ("/assets/logo.svg") or an absolute http(s) URL. */
export const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^(\/(?!\/)[^\s<>"']*|https?:\/\/[^\s<>"']+)$/i.test(v), {
    error: 'must be a site path ("/assets/logo.svg") or an http(s) URL',
  });

export const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour "#rrggbb"' });
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a 24-hour time "HH:MM"' });
export const isoDate = z.iso.date({ error: 'must be a date "YYYY-MM-DD"' });
