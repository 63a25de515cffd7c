/**
 * MDN HTTP Observatory score of a built dealer site, as it would be deployed: dist/<slug>/ served
 * the way Netlify and Cloudflare Pages serve it (its _headers applied by request path, `_headers`
 * itself never served, plain HTTP redirected to HTTPS on the same host) over TLS with a throwaway
 * self-signed certificate, and scored by the Observatory's own scanner, @mdn/mdn-http-observatory.
 * The platform's Node server is scored the same way, behind the same TLS front, for comparison.
 *
 * The scanner runs as its own CLI script (src/scan.js) in a child process, because the certificate
 * must be trusted through NODE_EXTRA_CA_CERTS, which Node reads only at start. Its bin wrapper
 * (mdn-http-observatory-scan) is not used: it always replaces NODE_EXTRA_CA_CERTS with Mozilla's
 * intermediate bundle. The host is 127.0.0.1:<port>: the scanner puts a port in the host name as
 * given, for both its http:// and https:// requests, hence one port that speaks both.
 *
 *   npx tsx scripts/bench/observatory.ts [--dist dist] [--dealer kingfisher-toyota]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generate } from 'selfsigned';
import { HEADERS_FILE, isDeployFile, parseHeadersFile } from '../../src/platform/http/header-files';
import { headersForPath, type HeaderRule } from '../../src/platform/http/security';
import { candidateFiles, resolveSafePath } from '../../src/server/static';
import { contentTypeOf } from '../../src/platform/http/content-types';
import type { ObservatoryResult } from './report';

/** The parts of the scanner's JSON output (src/scan.js) the bench reads. */
interface ScanOutput {
  scan?: { score: number; grade: string };
  tests?: Record<string, { pass: boolean; result: string; scoreModifier?: number }>;
  error?: string;
}

export function summariseScan(target: string, output: ScanOutput): ObservatoryResult {
  if (!output.scan || !output.tests) return { target, score: 0, grade: '-', tests: [], error: output.error ?? 'the scanner gave no result' };
  const tests = Object.entries(output.tests).map(([name, t]) => ({ name, pass: t.pass, result: t.result, scoreModifier: t.scoreModifier ?? 0 }));
  return { target, score: output.scan.score, grade: output.scan.grade, tests };
}

/**
 * A request listener that serves `siteRoot` as Netlify and Cloudflare Pages do: a path maps to the
 * file, the folder's index.html or `path.html`; a miss gets 404.html; `_headers` is read once and its
 * rules applied by the request's path; `_headers` and `_deploy/` are not served.
 */
export function cdnListener(siteRoot: string): RequestListener {
  const rulesFile = path.join(siteRoot, HEADERS_FILE);
  const rules: readonly HeaderRule[] = existsSync(rulesFile) ? parseHeadersFile(readFileSync(rulesFile, 'utf8')) : [];
  const isFile = (file: string): boolean => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  return (req: IncomingMessage, res: ServerResponse) => {
    const pathname = new URL(req.url ?? '/', 'http://cdn').pathname;
    const resolved = resolveSafePath(siteRoot, pathname);
    if (resolved === null) {
      res.writeHead(400).end();
      return;
    }
    const served = isDeployFile(decodeURIComponent(pathname)) ? undefined : candidateFiles(resolved).find(isFile);
    const file = served ?? path.join(siteRoot, '404.html');
    const body = isFile(file) ? readFileSync(file) : Buffer.from('Not found\n');
    res.writeHead(served ? 200 : 404, {
      ...headersForPath(rules, decodeURIComponent(pathname)),
      'Content-Type': contentTypeOf(file),
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

export interface Certificate {
  key: string;
  cert: string;
}

/** A certificate for 127.0.0.1 and localhost, valid for a day, made with Node's WebCrypto (selfsigned). */
export async function throwawayCertificate(): Promise<Certificate> {
  const day = 24 * 60 * 60 * 1000;
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - day),
    notAfterDate: new Date(Date.now() + day),
    extensions: [
      // Trusted as its own issuer through NODE_EXTRA_CA_CERTS.
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

const listen = (server: Server | ReturnType<typeof createNetServer>): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

/** Passes a connection on to `port`, both ways; remembers both sockets so they can be cut. */
const pipeTo = (open: Set<Socket>, socket: Socket, port: number, first?: Buffer): void => {
  const upstream = connect(port, '127.0.0.1');
  open.add(socket).add(upstream);
  if (first) upstream.write(first);
  socket.pipe(upstream).pipe(socket);
  const close = (): void => {
    socket.destroy();
    upstream.destroy();
    open.delete(socket);
    open.delete(upstream);
  };
  socket.on('close', close).on('error', close);
  upstream.on('close', close).on('error', close);
};

/**
 * One port that speaks HTTP and HTTPS, as a CDN's host name does on 80 and 443: a connection that
 * opens with a TLS handshake (first byte 0x16) is decrypted and passed to `backendPort`; plain HTTP
 * is redirected to https:// on the same host and path.
 */
export async function tlsFront(backendPort: number, certificate: Certificate): Promise<{ port: number; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const secure = createTlsServer(certificate, (socket) => pipeTo(open, socket, backendPort));
  const redirect = createServer((req, res) => res.writeHead(301, { Location: `https://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}` }).end());
  const [securePort, redirectPort] = [await listen(secure), await listen(redirect)];
  const front = createNetServer((socket) => socket.once('data', (first: Buffer) => pipeTo(open, socket, first[0] === 0x16 ? securePort : redirectPort, first)));
  const port = await listen(front);
  const close = async (): Promise<void> => {
    // Clients keep connections alive; a server closes only once they are gone.
    for (const socket of open) socket.destroy();
    redirect.closeAllConnections();
    await Promise.all([front, secure, redirect].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  };
  return { port, close };
}

const require = createRequire(import.meta.url);

/**
 * The scanner reads Chromium's HSTS preload list from its own folder; its install script fetches
 * it from GitHub, which npm skips here (package.json allowScripts) and offline installs cannot do.
 * 127.0.0.1 is on no preload list, so an empty list gives the same results.
 */
function ensurePreloadList(packageDir: string): string | undefined {
  const file = path.join(packageDir, 'conf', 'hsts-preload.json');
  if (existsSync(file)) return undefined;
  writeFileSync(file, '{}\n');
  return `wrote an empty ${path.relative(process.cwd(), file)} (its install step fetches Chromium's list; 127.0.0.1 is on none)`;
}

/** Runs the Observatory's scanner on `host` with `caFile` trusted; resolves with its JSON output. */
function runScanner(host: string, caFile: string): Promise<ScanOutput> {
  const packageDir = path.dirname(require.resolve('@mdn/mdn-http-observatory/package.json'));
  const note = ensurePreloadList(packageDir);
  if (note) console.log(`  note: ${note}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(packageDir, 'src', 'scan.js'), host], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as ScanOutput);
      } catch {
        resolve({ error: `the scanner exited ${code ?? 'by signal'}: ${(err || out).trim().slice(0, 500)}` });
      }
    });
  });
}

/**
 * Scores each backend (a plain HTTP server listening on 127.0.0.1) behind a TLS front with one
 * throwaway certificate.
 */
export async function scoreBackends(backends: { target: string; port: number }[]): Promise<ObservatoryResult[]> {
  const certificate = await throwawayCertificate();
  const dir = mkdtempSync(path.join(tmpdir(), 'observatory-'));
  const caFile = path.join(dir, 'cert.pem');
  writeFileSync(caFile, certificate.cert);
  const results: ObservatoryResult[] = [];
  try {
    for (const { target, port } of backends) {
      const front = await tlsFront(port, certificate);
      try {
        results.push(summariseScan(target, await runScanner(`127.0.0.1:${front.port}`, caFile)));
      } finally {
        await front.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** Serves `siteRoot` as a CDN would, on a free port of 127.0.0.1. */
export async function serveLikeCdn(siteRoot: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer(cdnListener(siteRoot));
  const port = await listen(server);
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function formatObservatory(result: ObservatoryResult): string {
  if (result.error) return `${result.target}: the scan failed: ${result.error}`;
  const failing = result.tests.filter((t) => !t.pass);
  const lines = [`${result.target}: score ${result.score}, grade ${result.grade}`];
  for (const t of result.tests) lines.push(`  ${t.pass ? 'pass' : 'FAIL'}  ${t.name.padEnd(30)} ${String(t.scoreModifier).padStart(4)}  ${t.result}`);
  if (failing.length > 0) lines.push(`  failing: ${failing.map((t) => t.name).join(', ')}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, dealer: { type: 'string' } } });
  const siteRoot = path.resolve(values.dist ?? 'dist', values.dealer ?? 'kingfisher-toyota');
  if (!existsSync(path.join(siteRoot, 'index.html'))) throw new Error(`no built site in ${siteRoot}`);
  const cdn = await serveLikeCdn(siteRoot);
  try {
    const [result] = await scoreBackends([{ target: `${path.basename(siteRoot)} as a CDN serves it`, port: cdn.port }]);
    if (result) console.log(formatObservatory(result));
  } finally {
    await cdn.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
