/**
 * The account forms' fields, as zod/mini schemas: the API's request schemas (sign-in.ts,
 * api.ts, classic zod, which take these as they are) and the browser's checks before sending
 * are built from the same fields, so both refuse the same things with the same words.
 *
 * zod/mini because the browser loads these: the lead forms already carry zod/mini's core, and
 * classic zod's method layer would add about 8 KB gzip to every page that has a form (measured
 * on the contact and car pages when the sign-in page first loaded classic schemas).
 */
import { z } from 'zod/mini';
import { safeReturnPath } from './return-path';
import { SAVABLE_SEARCH_PATH, SEARCH_NAME_MAX } from './paths';
import { INVALID_CODE, INVALID_EMAIL, REQUIRED } from './sign-in-target';

// What a transform is handed besides its input.
type Ctx = z.core.ParsePayload;
function refuse(ctx: Ctx, message: string, input: unknown): never {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

/** The spec's basic address pattern, with a length any real address fits in; kept in lower case. */
export const EMAIL_MAX = 254;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export const emailField = z.pipe(
  z.string({ error: REQUIRED }).check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(EMAIL_MAX, INVALID_EMAIL), z.regex(EMAIL, INVALID_EMAIL)),
  z.transform((value: string) => value.toLowerCase()),
);

/** The emailed code: six digits. Spaces or hyphens the shopper typed between them are ignored. */
export const codeField = z.pipe(
  z.pipe(
    z.string({ error: REQUIRED }),
    z.transform((value: string) => value.replace(/[\s-]/g, '')),
  ),
  z.string().check(z.regex(/^[0-9]{6}$/, INVALID_CODE)),
);

export const INVALID_LINK = 'This sign-in link is not valid.';
/** The emailed link's token. */
export const tokenField = z.string({ error: INVALID_LINK }).check(z.regex(/^[A-Za-z0-9_-]{32,128}$/, INVALID_LINK));

/** Control characters, bidirectional overrides and lone surrogates: nobody types them, and in an email they do harm. */
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const SAFE_TEXT_ONLY = 'Use letters, digits and punctuation only.';
const safeText = (value: string): boolean => !UNSAFE_TEXT.test(value);

/** A saved search's name. */
export const searchNameField = z
  .string({ error: REQUIRED })
  .check(
    z.trim(),
    z.minLength(1, REQUIRED),
    z.maxLength(SEARCH_NAME_MAX, `Keep the name under ${SEARCH_NAME_MAX} characters.`),
    z.refine(safeText, SAFE_TEXT_ONLY),
  );

export const NOT_A_SEARCH = 'Only a search of this site can be saved.';
/** A search address of this site (safeReturnPath's rules, then a search page's path). */
export const searchPathField = z.pipe(
  z.string({ error: NOT_A_SEARCH }),
  z.transform((value: string, ctx): string => {
    const path = safeReturnPath(value);
    return path !== undefined && SAVABLE_SEARCH_PATH.test(path) ? path : refuse(ctx, NOT_A_SEARCH, value);
  }),
);

/** "Contact me about this car": which car, and the shopper's explicit yes. */
export const carIdField = z.string({ error: 'Unknown car.' }).check(z.regex(/^[1-9][0-9]{0,15}$/, 'Unknown car.'));
export const OPT_IN_NEEDED = 'Tick the box so the dealer may contact you.';
export const optInField = z.literal(true, { error: OPT_IN_NEEDED });
export const INTEREST_PHONE_MAX = 20;
export const INTEREST_MESSAGE_MAX = 2000;
export const interestPhoneField = z.optional(
  z.string().check(z.trim(), z.maxLength(INTEREST_PHONE_MAX, `Keep the phone number under ${INTEREST_PHONE_MAX} characters.`)),
);
export const interestMessageField = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(INTEREST_MESSAGE_MAX, `Keep the message under ${INTEREST_MESSAGE_MAX.toLocaleString('en')} characters.`),
    z.refine((value: string) => safeText(value.replace(/[\t\r\n]/g, ' ')), SAFE_TEXT_ONLY),
  ),
);
