/**
 * The HTTP server around the app. Two kinds of answer never reach the app: a request that
 * @hono/node-server cannot turn into a Request (a bad Host, a backslash before the query), and one
 * Node cannot parse at all (a malformed request line, headers too large). By default both get a
 * bare status line; here they carry the platform's headers like every other answer.
 */
import { getRequestListener, RequestError } from '@hono/node-server';
import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { platformHeaders } from '../platform/http/security';

type Fetch = Parameters<typeof getRequestListener>[0];

const empty = { 'Content-Length': '0', 'Cache-Control': 'no-store' };

/** What Node itself answers a request it cannot parse (node:_http_server socketOnError). */
export function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** A server for `fetch` (the app's), not yet listening. `hostname` is used when a request has no Host. */
export function createPlatformServer(fetch: Fetch, hostname?: string): Server {
  const listener = getRequestListener(fetch, {
    ...(hostname ? { hostname } : {}),
    errorHandler: (error) => new Response(null, { status: error instanceof RequestError ? 400 : 500, headers: { ...platformHeaders, ...empty } }),
  });
  // The listener handles its own failures (errorHandler), so nothing awaits its promise.
  const server = createServer((req, res) => void listener(req, res));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // As Node does: answer only if nothing of a response has been written yet, then hang up.
    if (!socket.writable || socket.bytesWritten > 0) {
      socket.destroy();
      return;
    }
    const status = clientErrorStatus(error.code);
    const fields = { ...platformHeaders, ...empty, Connection: 'close' };
    socket.end(
      [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...Object.entries(fields).map(([name, value]) => `${name}: ${value}`), '', ''].join('\r\n'),
    );
  });
  return server;
}
