/**
 * What the passkey routes take: the browser's WebAuthn answers as JSON (what
 * `@simplewebauthn/browser`'s startRegistration / startAuthentication and the browsers' own
 * `credential.toJSON()` produce). The server checks each field's shape and size here; the
 * signatures, the challenge and the origin are checked by the WebAuthn verification itself.
 */
import { z } from 'zod';
import { safeReturnPath } from './return-path';

/** URL-safe base64 without padding, as WebAuthn's JSON writes every binary field. */
const base64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a passkey answer.')
    .max(max, 'Not a passkey answer.');

/** Credential ids are at most 1,023 bytes (WebAuthn level 3), 1,364 characters of base64url. */
const credentialId = base64url(1400);
const attachment = z.enum(['platform', 'cross-platform']).optional();
// Browsers may add extension outputs; none is read, so any object of them passes.
const extensionResults = z.record(z.string(), z.unknown()).default({});

/** The answer to a registration (navigator.credentials.create). */
export const passkeyRegistrationSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** The answer to a sign-in (navigator.credentials.get). */
export const passkeySignInSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
});

/** Asking to sign in with a passkey: where to go afterwards (a same-site path, else My Garage). */
export const passkeySignInOptionsSchema = z.strictObject({
  redirect: z
    .string()
    .optional()
    .transform((value) => safeReturnPath(value)),
});

/** The largest body the passkey routes read. */
export const PASSKEY_BODY_LIMIT = 64 * 1024;

/** What registering answers. */
export interface PasskeyRegistered {
  registered: true;
  passkeys: number;
}
