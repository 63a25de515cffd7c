import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtDealers, deployAfterPublishFromEnv, formatBytes, parseDeployArgs, purgeHookFromEnv, runDeployCommand } from './command';
import { SMALL_SITE, temporaryFolder, writeSite } from './fixtures/site';

describe('the deploy command line', () => {
  it('reads dealers, target and dry run', () => {
    expect(parseDeployArgs([])).toEqual({ dealers: undefined, target: 'folder', dryRun: false });
    expect(parseDeployArgs(['--dealer', 'a,b', '--dealer=c', '--target', 's3', '--dry-run'])).toEqual({ dealers: ['a', 'b', 'c'], target: 's3', dryRun: true });
    expect(parseDeployArgs(['--dealers', 'a,a'])).toMatchObject({ dealers: ['a'] });
  });

  it.each([
    [['--target', 'ftp'], /--target is folder or s3, not "ftp"/],
    [['--dealer'], /--dealer needs a value/],
    [['--dealer', ','], /--dealer needs at least one slug/],
    [['--dealer', '../etc'], /"\.\.\/etc" is not a dealer slug/],
    [['--force'], /unknown argument "--force"/],
    [['acme-motors'], /unknown argument "acme-motors"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseDeployArgs(argv)).toThrow(message);
  });

  it('picks the purge hook from the environment', () => {
    expect(purgeHookFromEnv({}, '/srv/deploy').description).toBe('log /srv/deploy/purges.log');
    expect(purgeHookFromEnv({ DEPLOY_PURGE_URL: 'https://purge.example/hook?sig=x', DEPLOY_PURGE_TIMEOUT_MS: '2500' }, '/srv').description).toBe(
      'POST https://purge.example/hook',
    );
    expect(() => purgeHookFromEnv({ DEPLOY_PURGE_URL: 'purge.example' }, '/srv')).toThrow(/must be an http\(s\) URL/);
    expect(() => purgeHookFromEnv({ DEPLOY_PURGE_URL: 'https://purge.example/', DEPLOY_PURGE_TIMEOUT_MS: '10s' }, '/srv')).toThrow(/not "10s"/);
  });

  it('words sizes', () => {
    expect([formatBytes(512), formatBytes(1_234), formatBytes(45_600_000), formatBytes(2_500_000_000)]).toEqual(['512 B', '1.2 kB', '45.6 MB', '2.50 GB']);
  });
});

describe('npm run deploy', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((remove) => remove()));
  function project(): string {
    const { dir, remove } = temporaryFolder('deploy-command-');
    cleanups.push(remove);
    writeSite(path.join(dir, 'dist', 'acme-motors'), SMALL_SITE);
    // A dealer served from a swapped-in build folder, as the server keeps them.
    writeSite(path.join(dir, 'dist', '.builds', 'lone-star-auto-2'), { 'index.html': 'howdy', 'cars/f-150/index.html': 'truck' });
    symlinkSync(path.join(dir, 'dist', '.builds', 'lone-star-auto-2'), path.join(dir, 'dist', 'lone-star-auto'));
    mkdirSync(path.join(dir, 'dist', '.stamps'));
    mkdirSync(path.join(dir, 'dist', 'half-built'));
    return dir;
  }
  async function run(cwd: string, argv: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runDeployCommand({ argv, env, cwd, out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out, err };
  }

  it('finds the dealers with a built site', () => {
    expect(builtDealers(path.join(project(), 'dist'))).toEqual(['acme-motors', 'lone-star-auto']);
  });

  it('deploys every built dealer to DEPLOY_DIR, logs the purge, and prints a summary per dealer', async () => {
    const cwd = project();
    const { code, out, err } = await run(cwd, [], { DEPLOY_DIR: 'public-sites' });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toBe(`Deploying 2 dealers from dist to folder; purge: log ${path.join(cwd, 'public-sites', 'purges.log')}.`);
    expect(out[1]).toMatch(
      /^✓ acme-motors → .*public-sites\/acme-motors: 13 uploaded \(\d+ B\), 0 unchanged, 0 deleted in \d+\.\d s; 16 addresses sent to purge$/,
    );
    expect(out[2]).toMatch(/^✓ lone-star-auto → .*: 2 uploaded \(10 B\), 0 unchanged, 0 deleted in/);
    expect(readFileSync(path.join(cwd, 'public-sites', 'lone-star-auto', 'cars/f-150/index.html'), 'utf8')).toBe('truck');
    const log = readFileSync(path.join(cwd, 'public-sites', 'purges.log'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(log.map((line) => (JSON.parse(line) as { dealer: string }).dealer)).toEqual(['acme-motors', 'lone-star-auto']);

    const again = await run(cwd, ['--dealer', 'lone-star-auto'], { DEPLOY_DIR: 'public-sites' });
    expect(again.out[1]).toMatch(/^✓ lone-star-auto → .*: 0 uploaded \(0 B\), 2 unchanged, 0 deleted in \d+\.\d s$/);
  });

  it('goes on with the other dealers after one fails, then exits non-zero naming it', async () => {
    const cwd = project();
    const { code, out, err } = await run(cwd, ['--dealer', 'half-built,acme-motors'], { DIST_DIR: 'dist', DEPLOY_DIR: '.data/deploy' });
    expect(code).toBe(1);
    expect(err[0]).toMatch(/^✗ half-built: .*half-built has no index\.html: not a built site, nothing deployed$/);
    expect(out[1]).toMatch(/^✓ acme-motors → /);
    expect(err.at(-1)).toBe('\n1 of 2 dealers failed: half-built');
    expect(existsSync(path.join(cwd, '.data/deploy/half-built'))).toBe(false);
  });

  it('plans without changing anything in a dry run', async () => {
    const cwd = project();
    const { code, out } = await run(cwd, ['--dry-run', '--dealer', 'lone-star-auto']);
    expect(code).toBe(0);
    expect(out).toEqual([
      'Planning 1 dealer from dist to folder.',
      expect.stringMatching(/^~ lone-star-auto → .* \(dry run\): would upload 2 \(10 B\), leave 0 unchanged, delete 0; planned in/) as unknown,
      '    + cars/f-150/index.html (new)',
      '    + index.html (new)',
    ]);
    expect(existsSync(path.join(cwd, '.data'))).toBe(false);
  });

  it('says when there is nothing to deploy, and refuses S3 settings that would mix dealers', async () => {
    const { dir, remove } = temporaryFolder('deploy-empty-');
    cleanups.push(remove);
    expect((await run(dir, [])).err).toEqual([`deploy: no built site in ${path.join(dir, 'dist')} (npm run build first, or set DIST_DIR)`]);
    const mixed = await run(project(), ['--target', 's3'], { DEPLOY_S3_BUCKET: 'sites', DEPLOY_S3_PREFIX: '' });
    expect(mixed.code).toBe(1);
    expect(mixed.err[0]).toMatch(/would delete lone-star-auto's files/);
    expect((await run(project(), ['--target', 's3'])).err[0]).toMatch(/needs DEPLOY_S3_BUCKET/);
  });
});

describe('deploying after each publish (PUBLISH_DEPLOY)', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((remove) => remove()));

  it('is off unless set, refuses a target it does not know, and deploys the published dealer to the folder target', async () => {
    const { dir, remove } = temporaryFolder('deploy-after-publish-');
    cleanups.push(remove);
    writeSite(path.join(dir, 'dist', 'acme-motors'), { 'index.html': 'hello', 'cars/ute/index.html': 'ute' });
    const options = { cwd: dir, distDir: path.join(dir, 'dist'), dealers: ['acme-motors'], log: () => undefined };
    expect(deployAfterPublishFromEnv({ ...options, env: {} })).toBeUndefined();
    expect(() => deployAfterPublishFromEnv({ ...options, env: { PUBLISH_DEPLOY: 'ftp' } })).toThrow(/PUBLISH_DEPLOY is folder or s3/);

    const lines: string[] = [];
    const deploy = deployAfterPublishFromEnv({ ...options, env: { PUBLISH_DEPLOY: 'folder', DEPLOY_DIR: 'cdn' }, log: (line) => lines.push(line) });
    await deploy!('acme-motors');
    expect(readFileSync(path.join(dir, 'cdn', 'acme-motors', 'cars/ute/index.html'), 'utf8')).toBe('ute');
    expect(lines.at(-1)).toMatch(/^✓ acme-motors → .*cdn\/acme-motors: 2 uploaded/);
  });
});
