/**
 * Reloads the open page after a save, with Server-Sent Events. Every check of the dealer's files
 * gives a new revision; a page carries the revision it was rendered at, and its script asks the
 * change feed for anything after it. The feed answers at once when the page is already behind (a
 * save landed while it loaded, before a websocket could have been listening), else when the next
 * check is done, and the page reloads. EventSource reconnects by itself when the server restarts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CHANGES_PATH = '/__dealer-preview/changes';

/** The page's end of it: reload when the feed says a revision after this one is ready. */
export function reloadScript(revision: number): string {
  const url = `${CHANGES_PATH}?since=${Math.max(0, Math.floor(revision))}`;
  return `<script type="module">new EventSource(${JSON.stringify(url)}).addEventListener('change', () => location.reload());</script>`;
}

export interface ChangeFeed {
  /** Answers a page's EventSource request. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** A check is done: every page rendered before `revision` reloads. */
  changed(revision: number): void;
  /** Ends every open stream (the server is stopping). */
  close(): void;
}

export function createChangeFeed(current: () => number): ChangeFeed {
  const open = new Map<ServerResponse, number>();
  const send = (res: ServerResponse, revision: number): void => {
    res.write(`event: change\ndata: ${revision}\n\n`);
  };
  return {
    handle(req, res) {
      const since = Number(new URL(req.url ?? '/', 'http://preview').searchParams.get('since'));
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      // A comment first, so the browser sees the stream open.
      res.write(': dealer preview\n\n');
      const now = current();
      if (!Number.isFinite(since) || since < now) send(res, now);
      open.set(res, Number.isFinite(since) ? since : now);
      res.on('close', () => open.delete(res));
    },
    changed(revision) {
      for (const [res, since] of open) {
        if (since >= revision) continue;
        send(res, revision);
        open.set(res, revision);
      }
    },
    close() {
      for (const res of open.keys()) res.end();
      open.clear();
    },
  };
}
