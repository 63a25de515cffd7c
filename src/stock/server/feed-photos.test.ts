import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { parseFeedPhotoUrl } from '../model/feed-photo';
import type { Vehicle } from '../model/vehicle';
import { convertPhoto, MAX_PHOTO_PIXELS, sniffPhotoFormat, storeFeedPhotos } from './feed-photos';
import { filesPhotoSource, photoFileCandidates, type PhotoSource } from './photo-sources';

let dir: string;
let photos: Record<string, Buffer>;

/** A photo-like JPEG: a gradient with some noise, so it compresses like a photograph. */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (((i / 3) % width) / 6 + (x % 50)) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'feed-photos-'));
  const front = await photo(1600, 1200, 1);
  photos = {
    'front.jpg': front,
    'side.png': await sharp(await photo(1000, 750, 2))
      .png()
      .toBuffer(),
    'rear.jpg': await photo(1200, 900, 3),
    // The same bytes as front.jpg under another name: stored once.
    'front-copy.jpg': front,
    'small.jpg': await photo(300, 200, 4),
    'not-a-photo.jpg': Buffer.from('<!doctype html><html><body>Photo not found</body></html>'),
    'script.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>'),
    'cut-off.jpg': front.subarray(0, Math.floor(front.length / 3)),
    // 56 megapixels of grey in a 180 KB file: decoded, it would be 168 MB of pixels.
    'bomb.png': await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  };
  mkdirSync(path.join(dir, 'feed', 'photos', 'stock'), { recursive: true });
  for (const [name, bytes] of Object.entries(photos)) writeFileSync(path.join(dir, 'feed', 'photos', name), bytes);
  // Looked up by the URL's path first: stock/rear.jpg wins over rear.jpg.
  writeFileSync(path.join(dir, 'feed', 'photos', 'stock', 'rear.jpg'), photos['rear.jpg']!);
}, 30_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const feedFile = (): string => path.join(dir, 'feed', 'stock.csv');
let stores = 0;
const freshEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ STOCK_PHOTOS_DIR: path.join(dir, `store-${++stores}`), ...extra });

function car(id: number, urls: string[], extra: Partial<Parameters<typeof testCar>[0]> = {}): Vehicle {
  return testCar({
    id,
    slug: `car-${id}`,
    stocknum: `S${id}`,
    primary_image_url: urls[0],
    images: urls.map((image_url) => ({ image_url })),
    thumbnails: urls.map((u) => u.replace('.jpg', '-thumb.jpg')),
    ...extra,
  });
}

/** Every image reference a car carries. */
const refsOf = (cars: Vehicle[]): string[] =>
  cars.flatMap((c) => [...(c.primary_image_url ? [c.primary_image_url] : []), ...c.images.map((i) => i.image_url), ...c.thumbnails]);

/** A source that counts what it reads, around the real one. */
function counting(source: PhotoSource): PhotoSource & { reads: string[] } {
  const reads: string[] = [];
  return { kind: source.kind, reads, identity: (url) => source.identity(url), read: (url) => (reads.push(url), source.read(url)) };
}

describe('storeFeedPhotos from files beside the feed (the offline default)', () => {
  it('stores each photo in the site widths and points every image at the site’s own copy', async () => {
    const env = freshEnv();
    const cars = [
      car(1, ['https://dms.example/stock/front.jpg?sig=abc', 'https://dms.example/side.png']),
      car(2, ['https://other.example/a/b/stock/rear.jpg']),
    ];
    const { vehicles, problems, stats } = await storeFeedPhotos(cars, { dealer: 'fixture-motors', feedFile: feedFile(), env });
    expect(problems).toEqual([]);
    expect(stats).toMatchObject({ converted: 3, refused: 0 });
    // No hot-link: every image is a stored site file.
    for (const url of refsOf(vehicles)) expect(parseFeedPhotoUrl(url), url).toBeDefined();
    const [first, second] = vehicles;
    expect(first!.images).toHaveLength(2);
    expect(first!.primary_image_url).toBe(first!.images[0]!.image_url);
    expect(first!.images[0]!.image_url).toMatch(/^\/stock-photos\/feed\/[0-9a-f]{20}-800\.jpg$/);
    // The feed's own thumbnails are replaced by the stored 400-wide WebP of each image, in order.
    expect(first!.thumbnails).toEqual(first!.images.map((i) => i.image_url.replace('-800.jpg', '-400.webp')));
    expect(second!.images).toHaveLength(1);

    const folder = path.join(env.STOCK_PHOTOS_DIR!, 'fixture-motors');
    const hash = parseFeedPhotoUrl(first!.images[0]!.image_url)!.hash;
    const large = await sharp(readFileSync(path.join(folder, `${hash}-800.webp`))).metadata();
    const small = await sharp(readFileSync(path.join(folder, `${hash}-400.webp`))).metadata();
    const jpeg = await sharp(readFileSync(path.join(folder, `${hash}-800.jpg`))).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 800, 600]);
    expect([small.format, small.width, small.height]).toEqual(['webp', 400, 300]);
    expect([jpeg.format, jpeg.width]).toEqual(['jpeg', 800]);
    // The other fields are the feed's.
    expect({ ...first!, images: cars[0]!.images, thumbnails: cars[0]!.thumbnails, primary_image_url: cars[0]!.primary_image_url }).toEqual(cars[0]);
  });

  it('reads and converts a photo once: the next import reads only the new ones', async () => {
    const env = freshEnv();
    const options = { dealer: 'fixture-motors', feedFile: feedFile(), env };
    const firstSource = counting(filesPhotoSource(path.join(dir, 'feed', 'photos')));
    const first = await storeFeedPhotos([car(1, ['https://dms.example/front.jpg', 'https://dms.example/side.png'])], { ...options, source: firstSource });
    expect(firstSource.reads).toHaveLength(2);
    expect(first.stats).toMatchObject({ converted: 2, reused: 0 });
    const folder = path.join(env.STOCK_PHOTOS_DIR!, 'fixture-motors');
    const filesBefore = readdirSync(folder).sort();

    const nextSource = counting(filesPhotoSource(path.join(dir, 'feed', 'photos')));
    const next = await storeFeedPhotos(
      [
        car(1, ['https://dms.example/front.jpg', 'https://dms.example/side.png']),
        car(2, ['https://dms.example/rear.jpg', 'https://dms.example/front-copy.jpg']),
      ],
      { ...options, source: nextSource },
    );
    // Only the two new references were read; front-copy.jpg holds front.jpg's bytes, so it was not converted again.
    expect(nextSource.reads.sort()).toEqual(['https://dms.example/front-copy.jpg', 'https://dms.example/rear.jpg']);
    expect(next.stats).toMatchObject({ converted: 1, reused: 3, refused: 0 });
    expect(next.vehicles[0]!.images).toEqual(first.vehicles[0]!.images);
    expect(next.vehicles[1]!.images[1]).toEqual(first.vehicles[0]!.images[0]);
    expect(readdirSync(folder).length).toBe(filesBefore.length + 3);
  });

  it('leaves out a photo it cannot use, says why, and keeps the car', async () => {
    const env = freshEnv();
    const cars = [
      car(7, [
        'https://dms.example/front.jpg',
        'https://dms.example/not-a-photo.jpg',
        'https://dms.example/script.svg',
        'https://dms.example/cut-off.jpg',
        'https://dms.example/bomb.png',
        'https://dms.example/missing.jpg',
      ]),
      car(8, ['https://dms.example/missing.jpg']),
    ];
    const { vehicles, problems, stats } = await storeFeedPhotos(cars, { dealer: 'fixture-motors', feedFile: feedFile(), env });
    expect(vehicles.map((v) => v.id)).toEqual([7, 8]);
    expect(vehicles[0]!.images).toHaveLength(1);
    expect(parseFeedPhotoUrl(vehicles[0]!.images[0]!.image_url)).toBeDefined();
    // The car with no usable photo is kept, with none rather than the feed's URL.
    expect(vehicles[1]!.images).toEqual([]);
    expect(vehicles[1]!.thumbnails).toEqual([]);
    expect(vehicles[1]!.primary_image_url).toBeUndefined();
    for (const url of refsOf(vehicles)) expect(url).not.toMatch(/^https?:/);
    expect(stats.refused).toBe(5);
    const line = (name: string): string | undefined => problems.find((p) => p.startsWith('car 7 (stock S7): photo https://dms.example/' + name));
    expect(line('not-a-photo.jpg')).toMatch(/is not a photo \(JPEG, PNG, WebP, AVIF, GIF or TIFF\); left out, the car is kept$/);
    expect(line('script.svg')).toMatch(/is not a photo/);
    expect(line('cut-off.jpg')).toMatch(/cannot be decoded/);
    expect(line('bomb.png')).toMatch(/is 8000 × 7000 pixels; photos over 50 megapixels are refused/);
    expect(line('missing.jpg')).toMatch(/not found beside the feed \(looked for photos\/missing\.jpg\)/);
    expect(problems.filter((p) => p.startsWith('car 8 (stock S8): photo https://dms.example/missing.jpg'))).toHaveLength(1);
    expect(problems).toHaveLength(6);
  });

  it('keeps the site’s own images as they are and leaves a car without outside photos untouched', async () => {
    const demo = testCar({
      id: 3,
      primary_image_url: '/stock-photos/800/suv-red-1.jpg',
      images: [{ image_url: '/stock-photos/800/suv-red-1.jpg' }],
      thumbnails: ['/stock-photos/400/suv-red-1.jpg'],
    });
    const env = freshEnv();
    const { vehicles, problems } = await storeFeedPhotos([demo], { dealer: 'fixture-motors', feedFile: feedFile(), env });
    expect(vehicles).toEqual([demo]);
    expect(problems).toEqual([]);
  });

  it('stores the thumbnails of a car that has no images', async () => {
    const env = freshEnv();
    const thumbsOnly = testCar({ id: 4, primary_image_url: undefined, images: [], thumbnails: ['https://dms.example/small.jpg'] });
    const { vehicles } = await storeFeedPhotos([thumbsOnly], { dealer: 'fixture-motors', feedFile: feedFile(), env });
    expect(vehicles[0]!.images).toHaveLength(1);
    expect(vehicles[0]!.thumbnails[0]).toMatch(/-400\.webp$/);
    // Never enlarged: a 300-wide photo stays 300 wide in its "400" file.
    const hash = parseFeedPhotoUrl(vehicles[0]!.thumbnails[0]!)!.hash;
    expect((await sharp(readFileSync(path.join(env.STOCK_PHOTOS_DIR!, 'fixture-motors', `${hash}-400.webp`))).metadata()).width).toBe(300);
  });

  it('refuses a folder name that is not a dealer slug', async () => {
    await expect(storeFeedPhotos([car(1, ['https://dms.example/front.jpg'])], { dealer: '../etc', feedFile: feedFile(), env: freshEnv() })).rejects.toThrow(
      /not a dealer slug/,
    );
  });
});

describe('the files beside the feed', () => {
  it('looks a URL up by its path, then its file name, and never outside the folder', () => {
    expect(photoFileCandidates('https://dms.example/stock/a%20b.jpg?w=800')).toEqual(['stock/a b.jpg', 'a b.jpg']);
    expect(photoFileCandidates('https://dms.example/a.jpg')).toEqual(['a.jpg']);
    expect(photoFileCandidates('photos-2/a.jpg')).toEqual(['photos-2/a.jpg', 'a.jpg']);
    // The URL's own dot segments are resolved first, so they climb nowhere.
    expect(photoFileCandidates('https://dms.example/%2e%2e/%2e%2e/secret.jpg')).toEqual(['secret.jpg']);
    for (const url of [
      'https://dms.example/a/%2F..%2Fb.jpg',
      'https://dms.example/a/..%5Cb.jpg',
      'https://dms.example/',
      'https://dms.example/a%00.jpg',
      'https://dms.example/%E0%A4%A.jpg',
    ])
      expect(photoFileCandidates(url), url).toEqual([]);
  });

  it('does not follow a link out of the folder, and refuses a file over the size cap unread', async () => {
    const folder = path.join(dir, 'linked', 'photos');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(dir, 'linked', 'outside.jpg'), photos['small.jpg']!);
    symlinkSync(path.join(dir, 'linked', 'outside.jpg'), path.join(folder, 'escape.jpg'));
    writeFileSync(path.join(folder, 'big.jpg'), photos['front.jpg']!);
    const source = filesPhotoSource(folder, { maxBytes: 1000 });
    await expect(source.read('https://dms.example/escape.jpg')).rejects.toThrow(/not found beside the feed/);
    await expect(source.read('https://dms.example/big.jpg')).rejects.toThrow(/photos over 0\.0 MB are refused/);
    await expect(filesPhotoSource(path.join(dir, 'nowhere')).read('https://dms.example/a.jpg')).rejects.toThrow(/no nowhere\/ folder beside the feed/);
  });
});

describe('the photo checks', () => {
  it('knows the raster formats by their first bytes and nothing else', async () => {
    expect(sniffPhotoFormat(photos['front.jpg']!)).toBe('jpeg');
    expect(sniffPhotoFormat(photos['side.png']!)).toBe('png');
    expect(sniffPhotoFormat(await sharp(photos['small.jpg']).webp().toBuffer())).toBe('webp');
    expect(sniffPhotoFormat(await sharp(photos['small.jpg']).gif().toBuffer())).toBe('gif');
    expect(sniffPhotoFormat(photos['script.svg']!)).toBeUndefined();
    expect(sniffPhotoFormat(Buffer.from('%PDF-1.7'))).toBeUndefined();
    expect(sniffPhotoFormat(Buffer.alloc(0))).toBeUndefined();
  });

  it('turns a photo upright by its EXIF orientation and keeps no metadata', async () => {
    // Stored sideways (600 × 800) with "rotate 90°" in its EXIF, as phones do; with a GPS-like comment.
    const sideways = await sharp(await photo(600, 800, 9))
      .withMetadata({ orientation: 6, exif: { IFD0: { ImageDescription: 'lat -33.86 lon 151.2' } } })
      .jpeg()
      .toBuffer();
    const variants = await convertPhoto(sideways);
    for (const v of variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.width).toBe(v.width);
      expect(meta.width > meta.height).toBe(true);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('refuses a photo over the pixel limit before decoding it', async () => {
    expect(MAX_PHOTO_PIXELS).toBe(50_000_000);
    const started = performance.now();
    await expect(convertPhoto(photos['bomb.png']!)).rejects.toThrow(/8000 × 7000 pixels/);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('storeFeedPhotos over HTTP (FEED_PHOTOS=http)', () => {
  let server: Server;
  let base: string;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = req.url ?? '/';
      requests.push(url);
      const name = url.slice(1).split('?')[0]!;
      if (url === '/moved.jpg') return res.writeHead(302, { Location: '/photos/rear.jpg' }).end();
      if (url === '/loop.jpg') return res.writeHead(302, { Location: '/loop.jpg' }).end();
      if (url === '/slow.jpg') return; // never answers
      if (url === '/page.jpg') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>not here</html>');
      if (url === '/drawing.svg') return res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(photos['script.svg']);
      if (url === '/huge.jpg') return res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(30 * 1024 * 1024) }).end();
      if (url === '/bytes.png') return res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(photos['side.png']);
      const bytes = photos[name.replace(/^photos\//, '')];
      if (!bytes) return res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': name.endsWith('.png') ? 'image/png' : 'image/jpeg' }).end(bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches each photo once, follows a redirect, and refuses what is not a photo', async () => {
    const env = freshEnv({ FEED_PHOTOS: 'http', FEED_PHOTOS_ALLOW_PRIVATE: 'true', FEED_PHOTOS_CONCURRENCY: '3' });
    const urls = ['front.jpg', 'moved.jpg', 'bytes.png', 'page.jpg', 'drawing.svg', 'huge.jpg', 'gone.jpg', 'loop.jpg'].map((n) => `${base}/${n}`);
    const options = { dealer: 'fixture-motors', feedFile: feedFile(), env };
    requests.length = 0;
    const first = await storeFeedPhotos([car(21, urls)], options);
    expect(first.vehicles[0]!.images).toHaveLength(3);
    for (const url of refsOf(first.vehicles)) expect(parseFeedPhotoUrl(url), url).toBeDefined();
    const reason = (name: string): string | undefined => first.problems.find((p) => p.includes(`${base}/${name}:`));
    expect(reason('page.jpg')).toMatch(/is text\/html, not a photo/);
    expect(reason('drawing.svg')).toMatch(/is image\/svg\+xml, not a photo/);
    expect(reason('huge.jpg')).toMatch(/is 30\.0 MB; photos over 20\.0 MB are refused/);
    expect(reason('gone.jpg')).toMatch(/the photo host answered 404/);
    expect(reason('loop.jpg')).toMatch(/more than 3 redirects/);
    expect(first.problems).toHaveLength(5);

    // The next import asks the host only for what was not stored (the refused ones, which may be fixed by then).
    requests.length = 0;
    const again = await storeFeedPhotos([car(21, urls)], options);
    expect(again.vehicles[0]!.images).toEqual(first.vehicles[0]!.images);
    expect(requests.filter((r) => ['/front.jpg', '/moved.jpg', '/photos/rear.jpg', '/bytes.png'].includes(r))).toEqual([]);
    expect(again.stats).toMatchObject({ converted: 0, reused: 3 });
  });

  it('gives up on a host that does not answer in time', async () => {
    const { httpPhotoSource } = await import('./photo-sources');
    const source = httpPhotoSource({ allowPrivate: true, timeoutMs: 300 });
    await expect(source.read(`${base}/slow.jpg`)).rejects.toThrow(/no answer within 0 s|no answer within/);
  });

  it('never fetches from this machine or a private network unless allowed, nor other schemes', async () => {
    const env = freshEnv({ FEED_PHOTOS: 'http' });
    const port = (server.address() as AddressInfo).port;
    const urls = [
      `${base}/front.jpg`,
      `http://localhost:${port}/front.jpg`,
      `http://[::1]:${port}/front.jpg`,
      `http://[::ffff:127.0.0.1]:${port}/front.jpg`,
      'http://169.254.169.254/latest/meta-data/photo.jpg',
      'http://10.1.2.3/photo.jpg',
      'http://192.168.0.10/photo.jpg',
    ];
    requests.length = 0;
    const { vehicles, problems } = await storeFeedPhotos([car(31, urls)], { dealer: 'fixture-motors', feedFile: feedFile(), env });
    expect(requests).toEqual([]);
    expect(vehicles[0]!.images).toEqual([]);
    expect(problems).toHaveLength(urls.length);
    for (const problem of problems) expect(problem).toMatch(/private address; photos are fetched from public hosts only/);
  });

  it('checks the address a name resolves to, not only the name', async () => {
    const { guardedLookup, guardedLookupWith, httpPhotoSource } = await import('./photo-sources');
    const answer = await new Promise<Error | null>((resolve) => guardedLookup('localhost', {}, (error) => resolve(error)));
    expect(answer?.message).toMatch(/localhost resolves to a private address/);
    // A public name answers as the socket asks: one address, or all; one private address among them refuses the name.
    const lookup = guardedLookupWith((hostname, callback) =>
      callback(
        null,
        hostname === 'mixed.example'
          ? [
              { address: '203.0.113.7', family: 4 },
              { address: '10.0.0.5', family: 4 },
            ]
          : [
              { address: '2001:db8::7', family: 6 },
              { address: '203.0.113.7', family: 4 },
            ],
      ),
    );
    const ask = (hostname: string, options: { all?: boolean; family?: number }) =>
      new Promise<unknown[]>((resolve) => lookup(hostname, options, (...args: unknown[]) => resolve(args)));
    expect(await ask('photos.example', {})).toEqual([null, '2001:db8::7', 6]);
    expect(await ask('photos.example', { family: 4 })).toEqual([null, '203.0.113.7', 4]);
    expect(await ask('photos.example', { all: true })).toEqual([
      null,
      [
        { address: '2001:db8::7', family: 6 },
        { address: '203.0.113.7', family: 4 },
      ],
    ]);
    const [refused] = await ask('mixed.example', { all: true });
    expect((refused as Error).message).toBe('mixed.example resolves to a private address (10.0.0.5)');
    const source = httpPhotoSource();
    for (const url of ['file:///etc/passwd', 'ftp://dms.example/a.jpg', 'https://user:pw@dms.example/a.jpg'])
      await expect(source.read(url), url).rejects.toThrow(/only http\(s\)|credentials/);
  });
});
