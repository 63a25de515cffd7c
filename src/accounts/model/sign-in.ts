/**
 * The sign-in page's address and what its form sends: shared by the page, the browser code and
 * the API, so both sides refuse the same things with the same words. The fields themselves are
 * zod/mini schemas in account-fields.ts, which the browser checks with; the address helpers
 * are in sign-in-target.ts (no zod), re-exported here.
 */
import { z } from 'zod';
import { safeReturnPath } from './return-path';
import { SIGN_IN_KINDS } from './sign-in-target';
import { codeField, emailField, tokenField } from './account-fields';

export {
  SIGN_IN_KINDS,
  isSignInKind,
  SIGN_IN_PATH,
  MY_GARAGE_PATH,
  signInHref,
  readSignInTarget,
  INVALID_EMAIL,
  INVALID_CODE,
  REQUIRED,
  SIGN_IN_CODE_LENGTH,
  type SignInKind,
  type SignInTarget,
} from './sign-in-target';

const returnPath = z
  .string()
  .optional()
  .transform((value) => safeReturnPath(value));

/** Step 1: ask for a code. The answer is the same whether or not an account exists. */
export const signInRequestSchema = z.strictObject({
  email: emailField,
  type: z.enum(SIGN_IN_KINDS).optional(),
  redirect: returnPath,
});
export type SignInRequest = z.output<typeof signInRequestSchema>;

/** Step 2: the code typed on the sign-in page, or the token from the emailed link. */
export const verifyCodeSchema = z.strictObject({ email: emailField, code: codeField });
export const verifyLinkSchema = z.strictObject({ token: tokenField });
export const verifySignInSchema = z.union([verifyCodeSchema, verifyLinkSchema]);
export type VerifySignIn = z.output<typeof verifySignInSchema>;
