import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANGES_PATH, createChangeFeed, reloadScript } from './live-reload';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server for the feed, and a reader of what one page's stream says within `ms`. */
async function feedAt(revision: { now: number }) {
  const feed = createChangeFeed(() => revision.now);
  server = createServer((req, res) => feed.handle(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const listen = (since: number) => {
    let text = '';
    const request = get({ host: '127.0.0.1', port, path: `${CHANGES_PATH}?since=${since}` }, (res) =>
      res.on('data', (chunk: Buffer) => (text += chunk.toString())),
    );
    return { read: () => text, stop: () => request.destroy() };
  };
  return { feed, listen };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('the change feed', () => {
  it('tells a page rendered before the latest check to reload at once', async () => {
    const { feed, listen } = await feedAt({ now: 3 });
    const page = listen(2);
    await settle();
    expect(page.read()).toContain('event: change\ndata: 3\n\n');
    page.stop();
    feed.close();
  });

  it('tells a current page nothing until the next check, then once', async () => {
    const revision = { now: 3 };
    const { feed, listen } = await feedAt(revision);
    const page = listen(3);
    await settle();
    expect(page.read()).not.toContain('event: change');
    revision.now = 4;
    feed.changed(4);
    feed.changed(4);
    await settle();
    expect(page.read().match(/event: change/g)).toHaveLength(1);
    page.stop();
    feed.close();
  });
});

describe('reloadScript', () => {
  it('asks the feed for changes after the page revision', () => {
    expect(reloadScript(7)).toContain(`"${CHANGES_PATH}?since=7"`);
    expect(reloadScript(7)).toContain('location.reload()');
  });
});
