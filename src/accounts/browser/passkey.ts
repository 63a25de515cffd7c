/**
 * Passkeys (WebAuthn) through @simplewebauthn/browser: signing in with one on the sign-in page,
 * adding one on My Garage. Loaded only when the shopper presses a passkey button, and only
 * offered where the browser has WebAuthn at all (`hasPasskeys`, which costs nothing to ask).
 *
 * Each is two calls around the browser's own prompt: the API's options (with its challenge),
 * then the browser's signed answer, sent as the body, exactly as the library hands it over.
 */
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { isRecord } from '../../platform/formats/records';
import { readAnything, readRedirect } from '../model/answers';
import { accountPaths } from '../model/paths';
import { callAccountApi, type Fetch } from './account-api';
import type { FlowResult } from './sign-in-flow';

/** The options as the API sends them: the options object itself, or inside `{ options }`. */
export function readOptions<T>(body: unknown): T | undefined {
  const options = isRecord(body) && isRecord(body.options) ? body.options : body;
  return isRecord(options) && typeof options.challenge === 'string' ? (options as T) : undefined;
}

export const PASSKEY_CANCELLED = 'No passkey was used. You can try again, or sign in with a code.';
export const PASSKEY_FAILED = 'This device could not use a passkey just now. Sign in with a code instead.';

function promptError(error: unknown): string {
  // NotAllowedError: the shopper closed the prompt, or it timed out.
  return error instanceof Error && error.name === 'NotAllowedError' ? PASSKEY_CANCELLED : PASSKEY_FAILED;
}

const failed = (error: string): FlowResult<never> => ({ ok: false, error, fields: {} });

export interface PasskeyDeps {
  fetch?: Fetch;
  authenticate?: typeof startAuthentication;
  register?: typeof startRegistration;
}

/** Answers where the server says to go ('' for nowhere in particular). */
export async function signInWithPasskey(deps: PasskeyDeps = {}): Promise<FlowResult<string>> {
  const options = await callAccountApi(accountPaths.passkeySignInOptions, { method: 'POST' }, readOptions<PublicKeyCredentialRequestOptionsJSON>, deps.fetch);
  if (!options.ok) return failed(options.error);
  let response: unknown;
  try {
    response = await (deps.authenticate ?? startAuthentication)({ optionsJSON: options.value });
  } catch (error) {
    return failed(promptError(error));
  }
  const verified = await callAccountApi(accountPaths.passkeySignIn, { method: 'POST', body: response }, (body) => readRedirect(body) ?? '', deps.fetch);
  return verified.ok ? { ok: true, value: verified.value } : failed(verified.error);
}

export async function addPasskey(deps: PasskeyDeps = {}): Promise<FlowResult<true>> {
  const options = await callAccountApi(
    accountPaths.passkeyRegisterOptions,
    { method: 'POST' },
    readOptions<PublicKeyCredentialCreationOptionsJSON>,
    deps.fetch,
  );
  if (!options.ok) return failed(options.error);
  let response: unknown;
  try {
    response = await (deps.register ?? startRegistration)({ optionsJSON: options.value });
  } catch (error) {
    return failed(promptError(error));
  }
  const saved = await callAccountApi(accountPaths.passkeyRegister, { method: 'POST', body: response }, readAnything, deps.fetch);
  return saved.ok ? { ok: true, value: true } : failed(saved.error);
}
