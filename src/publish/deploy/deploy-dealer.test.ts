import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deployDealer, DeployError } from './deploy-dealer';
import { SMALL_SITE, temporaryFolder, writeSite } from './fixtures/site';
import { folderTarget } from './folder-target';
import type { PurgeHook, PurgeRequest } from './purge';
import type { DeployTarget } from './target';

/**
 * Records what the deploy asked of the target, in the order each finished; `failOn` makes one
 * put fail, `concurrency` 1 makes the order the deploy's own.
 */
function recording(target: DeployTarget, { failOn, concurrency }: { failOn?: string; concurrency?: number } = {}): { target: DeployTarget; events: string[] } {
  const events: string[] = [];
  return {
    events,
    target: {
      description: target.description,
      concurrency: concurrency ?? target.concurrency,
      list: () => target.list(),
      async put(file) {
        if (file.path === failOn) throw new Error('disk full');
        await target.put(file);
        events.push(`put ${file.path}`);
      },
      async remove(paths) {
        events.push(`remove ${paths.join(' ')}`);
        await target.remove(paths);
      },
    },
  };
}

function collectingPurge(): PurgeHook & { requests: PurgeRequest[] } {
  const requests: PurgeRequest[] = [];
  return {
    description: 'test',
    requests,
    purge(request) {
      requests.push(request);
      return Promise.resolve();
    },
  };
}

describe('deployDealer to a folder', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((remove) => remove()));
  function setUp(): { site: string; deployed: string } {
    const { dir, remove } = temporaryFolder('deploy-dealer-');
    cleanups.push(remove);
    return { site: writeSite(path.join(dir, 'dist', 'acme-motors'), SMALL_SITE), deployed: path.join(dir, 'deploy', 'acme-motors') };
  }
  const siteFiles = Object.keys(SMALL_SITE).filter((p) => !p.startsWith('_deploy/'));

  it('first deploys every file but _deploy/, then only what changed, deleting what the site dropped', async () => {
    const { site, deployed } = setUp();
    const purge = collectingPurge();
    const first = await deployDealer({ slug: 'acme-motors', siteDir: site, target: folderTarget(deployed), purge });
    expect(first).toMatchObject({ uploaded: siteFiles.length, unchanged: 0, deleted: 0, dryRun: false });
    expect(first.bytes).toBe(siteFiles.reduce((sum, p) => sum + Buffer.byteLength(SMALL_SITE[p]!), 0));
    for (const p of siteFiles) expect(readFileSync(path.join(deployed, p), 'utf8')).toBe(SMALL_SITE[p]);
    expect(existsSync(path.join(deployed, '_deploy'))).toBe(false);
    expect(purge.requests[0]?.paths).toContain('/cars/2021-toyota-hilux-123/');

    const untouched = path.join(deployed, '_astro/client.D3k9aB.js');
    const before = statSync(untouched);
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Acme Motors</title><p>price drop</p>');
    rmSync(path.join(site, 'cars/2019-mazda-cx-5-456'), { recursive: true });
    writeSite(site, { 'cars/2024-ford-ranger-789/index.html': '<!doctype html><title>2024 Ford Ranger</title>' });

    const recorded = recording(folderTarget(deployed), { concurrency: 1 });
    const second = await deployDealer({ slug: 'acme-motors', siteDir: site, target: recorded.target, purge });
    expect(second).toMatchObject({ uploaded: 2, unchanged: siteFiles.length - 2, deleted: 1, purged: 5 });
    expect(recorded.events).toEqual(['put cars/2024-ford-ranger-789/index.html', 'put index.html', 'remove cars/2019-mazda-cx-5-456/index.html']);
    expect(purge.requests[1]).toEqual({
      dealer: 'acme-motors',
      paths: ['/', '/cars/2019-mazda-cx-5-456', '/cars/2019-mazda-cx-5-456/', '/cars/2024-ford-ranger-789', '/cars/2024-ford-ranger-789/'],
    });
    expect(existsSync(path.join(deployed, 'cars/2019-mazda-cx-5-456'))).toBe(false);
    // Unchanged files are not rewritten.
    const after = statSync(untouched);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);

    const third = await deployDealer({ slug: 'acme-motors', siteDir: site, target: folderTarget(deployed), purge });
    expect(third).toMatchObject({ uploaded: 0, deleted: 0, purged: 0 });
    expect(purge.requests).toHaveLength(2);
  });

  it('stops at a failed upload before deleting anything, names the file, and purges only what went up', async () => {
    const { site, deployed } = setUp();
    await deployDealer({ slug: 'acme-motors', siteDir: site, target: folderTarget(deployed) });
    writeFileSync(path.join(site, 'robots.txt'), 'User-agent: *\nDisallow: /compare\n');
    writeFileSync(path.join(site, 'index.html'), 'new home');
    rmSync(path.join(site, 'cars/2019-mazda-cx-5-456'), { recursive: true });

    const recorded = recording(folderTarget(deployed), { failOn: 'robots.txt' });
    const purge = collectingPurge();
    const attempt = deployDealer({ slug: 'acme-motors', siteDir: site, target: recorded.target, purge });
    await expect(attempt).rejects.toThrow(DeployError);
    const error = (await attempt.catch((e: unknown) => e)) as DeployError;
    expect(error.stage).toBe('upload');
    expect(error.files).toEqual(['robots.txt']);
    expect(error.message).toMatch(/failed for robots\.txt \(disk full\); 1 of 2 files went up, nothing was deleted/);
    expect(recorded.events).toEqual(['put index.html']);
    expect(readFileSync(path.join(deployed, 'cars/2019-mazda-cx-5-456/index.html'), 'utf8')).toBe(SMALL_SITE['cars/2019-mazda-cx-5-456/index.html']);
    expect(purge.requests).toEqual([{ dealer: 'acme-motors', paths: ['/'] }]);
  });

  it('reports a failed purge after the site is in place', async () => {
    const { site, deployed } = setUp();
    const purge: PurgeHook = { description: 'POST https://purge.example/', purge: () => Promise.reject(new Error('answered 500')) };
    const attempt = deployDealer({ slug: 'acme-motors', siteDir: site, target: folderTarget(deployed), purge });
    await expect(attempt).rejects.toMatchObject({
      stage: 'purge',
      message: expect.stringMatching(/site is deployed, but the CDN purge .* failed: answered 500/) as unknown,
    });
    expect(readFileSync(path.join(deployed, 'index.html'), 'utf8')).toBe(SMALL_SITE['index.html']);
  });

  it('changes nothing in a dry run', async () => {
    const { site, deployed } = setUp();
    const purge = collectingPurge();
    const planned = await deployDealer({ slug: 'acme-motors', siteDir: site, target: folderTarget(deployed), purge, dryRun: true });
    expect(planned).toMatchObject({ uploaded: siteFiles.length, deleted: 0, dryRun: true, purged: 0 });
    expect(existsSync(deployed)).toBe(false);
    expect(purge.requests).toEqual([]);
  });

  it('refuses a folder without index.html rather than deleting the live site', async () => {
    const { site, deployed } = setUp();
    await deployDealer({ slug: 'acme-motors', siteDir: site, target: folderTarget(deployed) });
    rmSync(site, { recursive: true });
    writeSite(site, { 'robots.txt': 'half a build' });
    await expect(deployDealer({ slug: 'acme-motors', siteDir: site, target: folderTarget(deployed) })).rejects.toMatchObject({
      stage: 'read',
      message: expect.stringMatching(/has no index\.html/) as unknown,
    });
    expect(existsSync(path.join(deployed, 'cars/2021-toyota-hilux-123/index.html'))).toBe(true);
  });
});
