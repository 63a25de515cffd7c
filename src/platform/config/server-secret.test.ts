import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverSecret } from './server-secret';

const root = () => mkdtempSync(path.join(tmpdir(), 'server-secret-'));

describe('a server secret', () => {
  it('is the environment’s when set', () => {
    expect(serverSecret({ env: { X_SECRET: ' given ' }, root: root(), variable: 'X_SECRET', name: 'x' })).toEqual({ secret: 'given', from: 'environment' });
  });

  it('is made once and kept, the same for every caller, and differs between servers', () => {
    const here = root();
    const callers = Array.from({ length: 20 }, () => serverSecret({ env: {}, root: here, variable: 'X_SECRET', name: 'x' }).secret);
    expect(new Set(callers).size).toBe(1);
    expect(callers[0]!.length).toBeGreaterThanOrEqual(32);
    expect(serverSecret({ env: {}, root: root(), variable: 'X_SECRET', name: 'x' }).secret).not.toBe(callers[0]);
  });

  it('refuses a kept file that holds no secret rather than sign with it', () => {
    const here = root();
    mkdirSync(path.join(here, '.data/secrets'), { recursive: true });
    writeFileSync(path.join(here, '.data/secrets/x'), 'short\n');
    expect(() => serverSecret({ env: {}, root: here, variable: 'X_SECRET', name: 'x' })).toThrow(/does not hold a secret/);
  });
});
