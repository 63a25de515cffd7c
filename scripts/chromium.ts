/** Debian's Chromium and the flags this machine needs: no GPU, root, no network to talk to. */
import { accessSync, constants } from 'node:fs';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_MISSING = 'Chromium not found: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH)';

/** CHROMIUM_PATH as given, else Debian's /usr/bin/chromium; undefined when not executable. */
export function findChromium(): string | undefined {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return undefined;
  }
}
