import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDealerConfigs } from './dealer-configs';

const dir = mkdtempSync(path.join(tmpdir(), 'dealer-configs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, 'kingfisher-toyota.json');
cpSync('tests/fixtures/dealer-files/kingfisher-toyota.json', file);

/** Rewrites the file with a new mtime, as an editor save does. */
function save(text: string, at: number): void {
  writeFileSync(file, text);
  utimesSync(file, at, at);
}

describe('createDealerConfigs', () => {
  it('reads a dealer once, re-reads it when the file changes, and keeps the last valid one while it is broken', async () => {
    const logged: string[] = [];
    const configs = createDealerConfigs({ dealersDir: dir, log: (m) => logged.push(m) });
    const first = await configs.versioned('kingfisher-toyota');
    expect(first.config.slug).toBe('kingfisher-toyota');
    expect(await configs.versioned('kingfisher-toyota')).toBe(first);

    const original = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    save(JSON.stringify({ ...original, name: 'Kingfisher Toyota Renamed' }), 1_700_000_000);
    const renamed = await configs.get('kingfisher-toyota');
    expect(renamed.name).toBe('Kingfisher Toyota Renamed');

    save('{ half written', 1_700_000_100);
    expect((await configs.get('kingfisher-toyota')).name).toBe('Kingfisher Toyota Renamed');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('still using the previous kingfisher-toyota config');
    // The same broken version is not re-read or re-reported.
    await configs.get('kingfisher-toyota');
    expect(logged).toHaveLength(1);
  });

  it('throws for a dealer whose file was never readable', async () => {
    const configs = createDealerConfigs({ dealersDir: dir, log: () => undefined });
    await expect(configs.get('nobody')).rejects.toThrow('nobody.json');
  });
});

describe('createDealerConfigs with checkEveryMs', () => {
  it('looks at the file at most once per interval, then sees the edit', async () => {
    const original = readFileSync('tests/fixtures/dealer-files/kingfisher-toyota.json', 'utf8');
    save(original, 1_700_000_100);
    let clock = 1_000_000;
    const configs = createDealerConfigs({ dealersDir: dir, checkEveryMs: 1000, now: () => clock });
    const before = await configs.get('kingfisher-toyota');
    save(JSON.stringify({ ...(JSON.parse(original) as Record<string, unknown>), name: 'Kingfisher Toyota Later' }), 1_700_000_500);
    clock += 999;
    expect(await configs.get('kingfisher-toyota')).toBe(before);
    clock += 1;
    expect((await configs.get('kingfisher-toyota')).name).toBe('Kingfisher Toyota Later');
    save(original, 1_700_000_900);
  });
});
