/**
 * The S3 target against a real S3-protocol server: s3rver (an npm package that answers the S3
 * REST API from a folder), started here on a free port with a temporary folder
 * (fixtures/s3rver.ts says why in a process of its own).
 */
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deployDealer, DeployError } from './deploy-dealer';
import { CACHE_DAY, CACHE_IMMUTABLE, CACHE_SHORT } from './file-kinds';
import { startS3rver, type RunningS3rver } from './fixtures/s3rver';
import { SMALL_SITE, temporaryFolder, writeSite } from './fixtures/site';
import { checkPrefixesApart, createS3Client, MANIFEST_PATH, parseManifest, s3PrefixFor, s3SettingsFromEnv, s3Target, type S3Settings } from './s3-target';

const BUCKET = 'dealer-sites';
const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
const siteFiles = Object.keys(SMALL_SITE)
  .filter((p) => !p.startsWith('_deploy/'))
  .sort();

let storage: { dir: string; remove: () => void };
let server: RunningS3rver;
let port: number;

async function startServer(atPort = 0): Promise<void> {
  server = await startS3rver({ directory: storage.dir, bucket: BUCKET, port: atPort });
  port = server.port;
}

const settings = (): S3Settings => ({
  bucket: BUCKET,
  endpoint: `http://127.0.0.1:${port}`,
  region: 'us-east-1',
  prefix: '{slug}/',
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

// Starting a Node process can take a while on a machine busy with builds and browser tests.
beforeAll(async () => {
  storage = temporaryFolder('s3rver-');
  await startServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  storage.remove();
}, 60_000);

describe('the S3 target on a real S3-protocol server', () => {
  const cleanups: (() => void)[] = [];
  let client: S3Client;
  afterEach(() => {
    client?.destroy();
    cleanups.splice(0).forEach((remove) => remove());
  });
  function setUp(slug: string): { site: string; client: S3Client } {
    const { dir, remove } = temporaryFolder('s3-deploy-');
    cleanups.push(remove);
    // One attempt: a refused connection fails at once rather than after the SDK's backoff.
    client = createS3Client(settings(), { maxAttempts: 1 });
    return { site: writeSite(path.join(dir, slug), SMALL_SITE), client };
  }
  async function keys(prefix: string): Promise<string[]> {
    const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
    return (page.Contents ?? []).map((object) => object.Key!).sort();
  }
  async function body(key: string): Promise<string> {
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return object.Body!.transformToString();
  }

  it('first uploads every file with its type, cache rule and hash; then sends one changed file and deletes one dropped', async () => {
    const { site, client } = setUp('acme-motors');
    const target = s3Target({ client, bucket: BUCKET, prefix: s3PrefixFor('{slug}/', 'acme-motors') });
    expect(target.description).toBe(`s3://${BUCKET}/acme-motors/`);

    const first = await deployDealer({ slug: 'acme-motors', siteDir: site, target });
    expect(first).toMatchObject({ uploaded: siteFiles.length, unchanged: 0, deleted: 0 });
    // The site's files, and the manifest of what each holds beside them.
    expect(await keys('acme-motors/')).toEqual([...siteFiles, MANIFEST_PATH].map((p) => `acme-motors/${p}`).sort());

    const expectations: [string, string, string][] = [
      ['index.html', 'text/html; charset=utf-8', CACHE_SHORT],
      ['cars/2021-toyota-hilux-123/index.html', 'text/html; charset=utf-8', CACHE_SHORT],
      ['_astro/client.D3k9aB.js', 'text/javascript; charset=utf-8', CACHE_IMMUTABLE],
      ['_astro/BaseLayout.Cx8fA2k1.css', 'text/css; charset=utf-8', CACHE_IMMUTABLE],
      ['assets/acme-motors/logo.svg', 'image/svg+xml', CACHE_DAY],
      ['stock-photos/800/ute-white-front.jpg', 'image/jpeg', CACHE_DAY],
      ['feeds/google-vehicle-ads.xml', 'application/xml; charset=utf-8', CACHE_SHORT],
      ['robots.txt', 'text/plain; charset=utf-8', CACHE_SHORT],
      ['routes.json', 'application/json; charset=utf-8', CACHE_SHORT],
    ];
    for (const [sitePath, contentType, cacheControl] of expectations) {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `acme-motors/${sitePath}` }));
      expect({ sitePath, contentType: head.ContentType, cacheControl: head.CacheControl, sha256: head.Metadata?.sha256 }).toEqual({
        sitePath,
        contentType,
        cacheControl,
        sha256: sha(SMALL_SITE[sitePath]!),
      });
    }
    expect(await body('acme-motors/index.html')).toBe(SMALL_SITE['index.html']);

    writeFileSync(path.join(site, 'cars/2021-toyota-hilux-123/index.html'), '<!doctype html><title>2021 Toyota Hilux</title><p>Reduced</p>');
    rmSync(path.join(site, 'cars/2019-mazda-cx-5-456'), { recursive: true });
    const second = await deployDealer({ slug: 'acme-motors', siteDir: site, target });
    expect(second).toMatchObject({ uploaded: 1, unchanged: siteFiles.length - 2, deleted: 1 });
    expect(second.plan.uploads.map((u) => u.file.path)).toEqual(['cars/2021-toyota-hilux-123/index.html']);
    expect(await body('acme-motors/cars/2021-toyota-hilux-123/index.html')).toContain('Reduced');
    expect(await keys('acme-motors/cars/2019-mazda-cx-5-456/')).toEqual([]);
  });

  it('remembers what HeadObject said, and asks again only about objects changed since', async () => {
    const { site, client } = setUp('cached-motors');
    const commands: string[] = [];
    client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(context.commandName ?? '?');
        return next(args);
      },
      { step: 'initialize', name: 'countCommands' },
    );
    const target = (): ReturnType<typeof s3Target> => s3Target({ client, bucket: BUCKET, prefix: 'cached-motors/' });
    const heads = (): number => commands.splice(0).filter((name) => name === 'HeadObjectCommand').length;

    await deployDealer({ slug: 'cached-motors', siteDir: site, target: target() });
    expect(heads()).toBe(0);
    const manifest = JSON.parse(await body(`cached-motors/${MANIFEST_PATH}`)) as { objects: Record<string, { sha256: string }> };
    expect(Object.keys(manifest.objects)).toEqual(siteFiles);
    expect(manifest.objects['robots.txt']?.sha256).toBe(sha(SMALL_SITE['robots.txt']!));

    const again = await deployDealer({ slug: 'cached-motors', siteDir: site, target: target() });
    expect(again).toMatchObject({ uploaded: 0, deleted: 0, unchanged: siteFiles.length });
    expect(heads()).toBe(0);

    // Changed behind the deploy's back: its ETag no longer matches the manifest's.
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'cached-motors/robots.txt', Body: 'User-agent: *\nDisallow: /\n' }));
    commands.splice(0);
    const listed = await target().list();
    expect(heads()).toBe(1);
    expect(listed.get('robots.txt')?.sha256).toBeUndefined();
    expect(listed.has(MANIFEST_PATH)).toBe(false);

    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `cached-motors/${MANIFEST_PATH}`, Body: 'not json' }));
    commands.splice(0);
    const repaired = await deployDealer({ slug: 'cached-motors', siteDir: site, target: target() });
    expect(heads()).toBe(siteFiles.length);
    expect(repaired.plan.uploads.map((u) => u.file.path)).toEqual(['robots.txt']);
    expect(await body('cached-motors/robots.txt')).toBe(SMALL_SITE['robots.txt']);
    await target().list();
    expect(heads()).toBe(0);
  });

  it('reads every page of a listing', async () => {
    const { site, client } = setUp('paged-motors');
    await deployDealer({ slug: 'paged-motors', siteDir: site, target: s3Target({ client, bucket: BUCKET, prefix: 'paged-motors/' }) });
    const listed = await s3Target({ client, bucket: BUCKET, prefix: 'paged-motors/', pageSize: 2 }).list();
    expect([...listed.keys()].sort()).toEqual(siteFiles);
    expect(listed.get('robots.txt')).toEqual({ sha256: sha(SMALL_SITE['robots.txt']!), contentType: 'text/plain; charset=utf-8', cacheControl: CACHE_SHORT });
  });

  it('sends again an object put by hand without a hash, and leaves other dealers alone', async () => {
    const { site, client } = setUp('acme');
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'acme/index.html', Body: SMALL_SITE['index.html'], ContentType: 'text/html; charset=utf-8' }),
    );
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'acme-motors-west/index.html', Body: 'another dealer' }));
    const result = await deployDealer({ slug: 'acme', siteDir: site, target: s3Target({ client, bucket: BUCKET, prefix: s3PrefixFor('{slug}', 'acme') }) });
    expect(result.plan.uploads.find((u) => u.file.path === 'index.html')?.reason).toBe('changed');
    expect(result.deleted).toBe(0);
    expect(await body('acme-motors-west/index.html')).toBe('another dealer');
  });

  it('deletes nothing when an upload fails, and names the file', async () => {
    const { site, client } = setUp('failing-motors');
    const target = s3Target({ client, bucket: BUCKET, prefix: 'failing-motors/' });
    await deployDealer({ slug: 'failing-motors', siteDir: site, target });
    writeFileSync(path.join(site, 'index.html'), 'new home');
    rmSync(path.join(site, 'cars/2019-mazda-cx-5-456'), { recursive: true });

    // The bucket goes away after the listing, before the first upload.
    const failing = {
      ...target,
      list: async () => {
        const listed = await target.list();
        await server.stop();
        return listed;
      },
    };
    const attempt = deployDealer({ slug: 'failing-motors', siteDir: site, target: failing });
    const error = (await attempt.catch((e: unknown) => e)) as DeployError;
    // Back up at once, so a failure below leaves the server up for the other tests.
    await startServer(port);
    expect(error).toBeInstanceOf(DeployError);
    expect(error.stage).toBe('upload');
    expect(error.files).toEqual(['index.html']);
    expect(error.message).toMatch(/upload to s3:\/\/dealer-sites\/failing-motors\/ failed for index\.html .*nothing was deleted/);
    expect(await body('failing-motors/cars/2019-mazda-cx-5-456/index.html')).toBe(SMALL_SITE['cars/2019-mazda-cx-5-456/index.html']);
    expect(await body('failing-motors/index.html')).toBe(SMALL_SITE['index.html']);
  });

  it('fails at the listing, before any upload, for a bucket that does not exist', async () => {
    const { site, client } = setUp('lost-motors');
    const attempt = deployDealer({ slug: 'lost-motors', siteDir: site, target: s3Target({ client, bucket: 'no-such-bucket', prefix: 'lost-motors/' }) });
    await expect(attempt).rejects.toMatchObject({
      stage: 'list',
      message: expect.stringMatching(/could not list s3:\/\/no-such-bucket\/lost-motors\/: .*bucket/i) as unknown,
    });
  });
});

describe('the manifest of what each object holds', () => {
  it('keeps well-formed entries and drops the rest', () => {
    const good = { etag: '"abc"', size: 3, sha256: sha('abc'), contentType: 'text/plain; charset=utf-8', cacheControl: CACHE_SHORT };
    const known = parseManifest(
      JSON.stringify({
        version: 1,
        objects: { 'robots.txt': good, 'a.html': { etag: '"x"', size: 1, sha256: 'not-a-hash' }, 'b.html': null, 'c.html': { size: 1 } },
      }),
    );
    expect([...known]).toEqual([['robots.txt', good]]);
    expect(parseManifest('{').size).toBe(0);
    expect(parseManifest('[1,2]').size).toBe(0);
  });
});

describe('S3 settings', () => {
  it('reads the bucket, endpoint, region, prefix and key pair from the environment', () => {
    expect(
      s3SettingsFromEnv({
        DEPLOY_S3_BUCKET: 'sites',
        DEPLOY_S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com',
        DEPLOY_S3_REGION: 'auto',
        DEPLOY_S3_PREFIX: 'www/{slug}',
        DEPLOY_S3_ACCESS_KEY_ID: 'AKIA',
        DEPLOY_S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      bucket: 'sites',
      endpoint: 'https://acct.r2.cloudflarestorage.com',
      region: 'auto',
      prefix: 'www/{slug}',
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
    });
    expect(s3SettingsFromEnv({ DEPLOY_S3_BUCKET: 'sites' })).toEqual({
      bucket: 'sites',
      endpoint: undefined,
      region: 'us-east-1',
      prefix: '{slug}/',
      credentials: undefined,
    });
  });

  it('refuses a missing bucket, half a key pair and an endpoint that is not a URL', () => {
    expect(() => s3SettingsFromEnv({})).toThrow(/needs DEPLOY_S3_BUCKET/);
    expect(() => s3SettingsFromEnv({ DEPLOY_S3_BUCKET: 'b', DEPLOY_S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/set both/);
    expect(() => s3SettingsFromEnv({ DEPLOY_S3_BUCKET: 'b', DEPLOY_S3_ENDPOINT: 'minio:9000' })).toThrow(/must be an http\(s\) URL/);
  });

  it('fills in the prefix per dealer, ending it with a slash', () => {
    expect(s3PrefixFor('{slug}/', 'acme-motors')).toBe('acme-motors/');
    expect(s3PrefixFor('sites/{slug}', 'acme-motors')).toBe('sites/acme-motors/');
    expect(s3PrefixFor('/{slug}/', 'acme-motors')).toBe('acme-motors/');
    expect(s3PrefixFor('', 'acme-motors')).toBe('');
  });

  it('refuses prefixes that would let one dealer delete another dealer’s files', () => {
    expect(() => checkPrefixesApart('{slug}/', ['acme', 'acme-motors'])).not.toThrow();
    expect(() => checkPrefixesApart('', ['acme'])).not.toThrow();
    expect(() => checkPrefixesApart('', ['acme', 'lone-star-auto'])).toThrow(/deploying acme would delete lone-star-auto's files/);
    expect(() => checkPrefixesApart('www/', ['acme', 'lone-star-auto'])).toThrow(/Use \{slug\} in it/);
  });
});
