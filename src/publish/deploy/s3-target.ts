/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …) through the official AWS SDK v3,
 * one dealer's site under one key prefix.
 *
 * What an object holds is known from the object itself: its sha256 travels with it as
 * `x-amz-meta-sha256`, set on every upload and read back with HeadObject, so a deploy that died
 * halfway, an object changed by hand or a second tool writing the bucket can never leave a
 * record saying something the bucket does not hold. HeadObject per object is most of a
 * deploy's time, so what it said is kept in a manifest that is believed only for objects the
 * listing shows unchanged since (MANIFEST_PATH; docs/decisions/deploy.md 'Change detection').
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { eachLimited } from './limited';
import { isPublished } from './site-folder';
import type { DeployTarget, PublishedFile } from './target';

export interface S3Settings {
  bucket: string;
  /** For anything but AWS itself (R2, MinIO): its endpoint, addressed path-style. */
  endpoint?: string | undefined;
  region: string;
  /** Key prefix per dealer; `{slug}` is replaced by the dealer's slug. */
  prefix: string;
  /** Unset: the SDK's default chain (AWS_* variables, ~/.aws, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export const DEFAULT_S3_PREFIX = '{slug}/';
export const DEFAULT_S3_REGION = 'us-east-1';

export class DeploySettingsError extends Error {
  override name = 'DeploySettingsError';
}

export function s3SettingsFromEnv(env: Readonly<Record<string, string | undefined>>): S3Settings {
  const bucket = env.DEPLOY_S3_BUCKET?.trim();
  if (!bucket) throw new DeploySettingsError('--target s3 needs DEPLOY_S3_BUCKET (the bucket to publish into)');
  const accessKeyId = env.DEPLOY_S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.DEPLOY_S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new DeploySettingsError('set both DEPLOY_S3_ACCESS_KEY_ID and DEPLOY_S3_SECRET_ACCESS_KEY, or neither (the SDK default chain)');
  }
  const endpoint = env.DEPLOY_S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new DeploySettingsError(`DEPLOY_S3_ENDPOINT must be an http(s) URL, not "${endpoint}"`);
  return {
    bucket,
    endpoint,
    region: env.DEPLOY_S3_REGION?.trim() || DEFAULT_S3_REGION,
    // Set but empty means the bucket's root: a bucket of its own for one dealer.
    prefix: env.DEPLOY_S3_PREFIX?.trim() ?? DEFAULT_S3_PREFIX,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** `{slug}` filled in; a prefix that is not empty ends in `/`, so `acme/` never lists `acme-motors/`. */
export function s3PrefixFor(template: string, slug: string): string {
  const prefix = template.replaceAll('{slug}', slug).replace(/^\/+/, '');
  return prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
}

/**
 * Refuses prefixes that would let one dealer's deploy see another's objects, and so delete
 * them as files its site no longer has: two dealers under one prefix (a template without
 * `{slug}`), or one dealer's prefix inside another's.
 */
export function checkPrefixesApart(template: string, slugs: readonly string[]): void {
  const prefixes = slugs.map((slug) => ({ slug, prefix: s3PrefixFor(template, slug) }));
  for (const a of prefixes) {
    for (const b of prefixes) {
      if (a.slug !== b.slug && b.prefix.startsWith(a.prefix)) {
        throw new DeploySettingsError(
          `DEPLOY_S3_PREFIX "${template}" puts ${b.slug} under ${a.slug}'s prefix "${a.prefix}": deploying ${a.slug} would delete ${b.slug}'s files. Use {slug} in it, or deploy one dealer at a time`,
        );
      }
    }
  }
}

export function createS3Client(settings: S3Settings, overrides: Partial<S3ClientConfig> = {}): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // The SDK adds CRC checksums to every request by default since early 2025; several
    // S3-compatible services and test servers refuse or mangle them. The payload is already
    // covered by the request signature.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
    ...overrides,
  });
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** DeleteObjects takes at most this many keys a request. */
const DELETE_BATCH = 1000;

/**
 * What HeadObject said about each object at the last deploy, kept beside the site under
 * `_deploy/` (the build's folder for what is not part of the site, never uploaded from it, never
 * listed as a site file). Only a cache: an entry is believed while the listing still shows the
 * object with the same ETag and size, and any other object is asked with HeadObject. So a stale,
 * missing or broken manifest costs requests, never a wrong answer.
 */
export const MANIFEST_PATH = '_deploy/objects.json';

interface KnownObject {
  etag: string;
  size: number;
  sha256: string;
  contentType?: string | undefined;
  cacheControl?: string | undefined;
}

const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Entries that do not read as one are left out, and so asked again. */
export function parseManifest(text: string): Map<string, KnownObject> {
  const known = new Map<string, KnownObject>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return known;
  }
  const objects = typeof parsed === 'object' && parsed !== null && 'objects' in parsed ? parsed.objects : undefined;
  if (typeof objects !== 'object' || objects === null) return known;
  for (const [sitePath, entry] of Object.entries(objects as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { etag, size, sha256, contentType, cacheControl } = entry as Record<string, unknown>;
    if (typeof etag !== 'string' || typeof size !== 'number' || typeof sha256 !== 'string' || !SHA256_HEX.test(sha256)) continue;
    known.set(sitePath, { etag, size, sha256, contentType: optionalText(contentType), cacheControl: optionalText(cacheControl) });
  }
  return known;
}

const isMissing = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

export interface S3TargetOptions {
  client: S3Client;
  bucket: string;
  /** This dealer's key prefix, already filled in (s3PrefixFor). */
  prefix: string;
  /** HeadObject and PutObject requests at once. */
  concurrency?: number;
  /** Keys per ListObjectsV2 page; S3's own limit (1,000) unless a test wants many pages. */
  pageSize?: number;
}

export function s3Target({ client, bucket, prefix, concurrency = 16, pageSize }: S3TargetOptions): DeployTarget {
  const manifestKey = `${prefix}${MANIFEST_PATH}`;
  /** What this deploy knows each object holds: the manifest checked against the listing, then each put and removal. */
  let known: Map<string, KnownObject> | undefined;
  let changed = false;

  async function readManifest(): Promise<Map<string, KnownObject>> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: manifestKey }));
      return parseManifest((await object.Body?.transformToString()) ?? '');
    } catch (error) {
      if (isMissing(error)) return new Map();
      throw error;
    }
  }

  return {
    description: `s3://${bucket}/${prefix}`,
    concurrency,
    async list() {
      const listed: { key: string; etag: string | undefined; size: number | undefined }[] = [];
      let continuationToken: string | undefined;
      do {
        const page: ListObjectsV2CommandOutput = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            ...(pageSize ? { MaxKeys: pageSize } : {}),
            ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key;
          // A key ending in `/` is a console-made folder marker, not a file of the site.
          if (!key || key.length <= prefix.length || key.endsWith('/') || !isPublished(key.slice(prefix.length))) continue;
          listed.push({ key, etag: object.ETag, size: object.Size });
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);

      const remembered = await readManifest();
      const now = new Map<string, KnownObject>();
      const published = new Map<string, PublishedFile>();
      const unknown: typeof listed = [];
      for (const object of listed) {
        const sitePath = object.key.slice(prefix.length);
        const entry = remembered.get(sitePath);
        if (entry && object.etag !== undefined && entry.etag === object.etag && entry.size === object.size) {
          now.set(sitePath, entry);
          published.set(sitePath, { sha256: entry.sha256, contentType: entry.contentType, cacheControl: entry.cacheControl });
        } else {
          unknown.push(object);
        }
      }
      const failures = await eachLimited(unknown, concurrency, async ({ key, size }) => {
        const sitePath = key.slice(prefix.length);
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        const metadataHash = head.Metadata?.sha256?.toLowerCase();
        const sha256 = metadataHash && SHA256_HEX.test(metadataHash) ? metadataHash : undefined;
        published.set(sitePath, { sha256, contentType: head.ContentType, cacheControl: head.CacheControl });
        if (sha256 && head.ETag)
          now.set(sitePath, { etag: head.ETag, size: head.ContentLength ?? size ?? 0, sha256, contentType: head.ContentType, cacheControl: head.CacheControl });
      });
      if (failures[0]) throw new Error(`could not read s3://${bucket}/${failures[0].item.key}: ${failures[0].message}`);
      known = now;
      changed = unknown.length > 0 || remembered.size !== now.size;
      return published;
    },
    async put(file) {
      const result = await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${file.path}`,
          Body: file.body,
          ContentLength: file.body.byteLength,
          ContentType: file.contentType,
          CacheControl: file.cacheControl,
          Metadata: { sha256: file.sha256 },
        }),
      );
      if (!known) return;
      changed = true;
      if (result.ETag) {
        known.set(file.path, {
          etag: result.ETag,
          size: file.body.byteLength,
          sha256: file.sha256,
          contentType: file.contentType,
          cacheControl: file.cacheControl,
        });
      } else {
        known.delete(file.path);
      }
    },
    async remove(paths) {
      for (let start = 0; start < paths.length; start += DELETE_BATCH) {
        const batch = paths.slice(start, start + DELETE_BATCH);
        const result = await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((sitePath) => ({ Key: `${prefix}${sitePath}` })), Quiet: true } }),
        );
        const errors = result.Errors ?? [];
        if (errors.length > 0) {
          const named = errors.slice(0, 5).map((error) => `${error.Key ?? '?'} (${error.Code ?? error.Message ?? 'error'})`);
          throw new Error(`could not delete ${errors.length} object${errors.length === 1 ? '' : 's'}: ${named.join(', ')}${errors.length > 5 ? ', …' : ''}`);
        }
        for (const sitePath of batch) known?.delete(sitePath);
        changed = true;
      }
    },
    async settle() {
      if (!known || !changed) return;
      const objects = Object.fromEntries([...known].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: manifestKey,
          Body: JSON.stringify({ version: 1, objects }),
          ContentType: 'application/json; charset=utf-8',
          CacheControl: 'no-store',
        }),
      );
      changed = false;
    },
  };
}
