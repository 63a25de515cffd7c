import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real CLI with real validation: an invalid dealer file must fail the build, name the file
// and every bad field, and leave no site behind.
const root = path.resolve('.test-dist/build-cli');
const dealersDir = path.join(root, 'dealers');
const distDir = path.join(root, 'dist');

beforeAll(() => {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(dealersDir, { recursive: true });
  const fixture = JSON.parse(readFileSync('tests/fixtures/dealers/fixture-motors.json', 'utf8')) as Record<string, unknown> & {
    locations: Record<string, unknown>[];
  };
  const location = fixture.locations[0] ?? {};
  const bad = {
    ...fixture,
    slug: 'bad-motors',
    fax: '07 0000 0000',
    navigation: { header: 'Home', footer: [] },
    locations: [location, { ...location, id: 2, primary: false }],
  };
  writeFileSync(path.join(dealersDir, 'bad-motors.json'), JSON.stringify(bad));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run build with an invalid dealer file', () => {
  it('fails, names the file and each bad field, and writes no site', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--dealer', 'bad-motors'], {
      env: { ...process.env, DEALERS_DIR: dealersDir, DIST_DIR: distDir },
      encoding: 'utf8',
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status).not.toBe(0);
    expect(output).toContain(`${path.join(dealersDir, 'bad-motors.json')} is not a valid dealer file:`);
    expect(output).toMatch(/- .*bad-motors\.json:\d+:\d+ navigation\.header: Cannot run without navigation: header navigation must be a list/);
    expect(output).toMatch(/- .*bad-motors\.json:\d+:\d+ fax: "fax" is not a field of a dealer file/);
    // Reported in the same run as the errors above, so an editor fixes everything in one pass.
    expect(output).toMatch(/- .*bad-motors\.json:\d+:\d+ locations\[1\]\.slug: duplicate location slug "fixture-motors-sales" \(also locations\[0\]\)/);
    expect(output).toMatch(/bad-motors\s+FAILED/);
    expect(existsSync(path.join(distDir, 'bad-motors', 'index.html'))).toBe(false);
  });
});
