/** Whether to offer passkeys: the browser has WebAuthn. Asked before loading any passkey code. */
export const hasPasskeys = (win: object = window): boolean =>
  'PublicKeyCredential' in win && typeof (win as { PublicKeyCredential?: unknown }).PublicKeyCredential === 'function';
