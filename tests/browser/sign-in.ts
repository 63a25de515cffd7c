/**
 * Signing in on a demo dealer in Chromium with the code from the email the server wrote to the
 * dealer's outbox mail folder (no SMTP in the browser tests).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** The text of a message file: headers and body, quoted-printable undone and base64 parts decoded alongside. */
export function mailText(file: string): string {
  const raw = readFileSync(file, 'utf8');
  const quoted = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64 = [...raw.matchAll(/(?:^[A-Za-z0-9+/=]{16,}\r?\n)+/gm)].map((block) => Buffer.from(block[0].replace(/\s/g, ''), 'base64').toString('utf8'));
  return [quoted, ...base64].join('\n');
}

/** The mails to `email` in the dealer's outbox mail folder written since `since`, oldest first. */
export function mailsTo(slug: string, email: string, since: number): string[] {
  const folder = path.join(inject('outboxDir'), slug, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).mtimeMs >= since - 1000)
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map(mailText)
    .filter((text) => text.toLowerCase().includes(email));
}

/** The code in the newest sign-in mail to `email` written since `since`. */
async function signInCode(slug: string, email: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        // The code stands on its own; the sign-in link's token (in a URL) may hold digits too.
        code = mailsTo(slug, email, since)
          .filter((text) => /sign.in/i.test(text))
          .at(-1)
          ?.replace(/https?:\/\/\S+/g, ' ')
          .match(/\b[0-9]{6}\b/)?.[0];
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^[0-9]{6}$/);
  return code!;
}

/** On the sign-in page: asks for a code by email and signs in with it from the mail. */
export async function signInByCode(page: Page, slug: string, email: string): Promise<void> {
  await page.waitForURL(/\/sign-in\?/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  const asked = Date.now();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const code = page.getByLabel('6-digit code');
  await code.waitFor({ state: 'visible' });
  expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await code.getAttribute('inputmode')).toBe('numeric');
  await code.fill(await signInCode(slug, email, asked));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
