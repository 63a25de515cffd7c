/**
 * react-dom/server as @astrojs/react's server renderer sees it in the site bundle
 * (astro.config.mjs): an island's HTML is rendered in one piece with `renderToString`, where the
 * renderer would ask for a web stream (`renderToReadableStream`) and read it back into a string.
 * The markup is the same; the stream cost a render worker about 2 % of its time in encoding each
 * chunk, passing it through the stream and decoding it again.
 *
 * The same markup only while no island suspends (no `lazy`, `use` or Suspense boundary waiting on
 * data): renderToString gives up on a suspended boundary and writes its fallback.
 */
import ReactDOMServer, { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';

export * from 'react-dom/server';

function renderToReadableStream(children: ReactNode, options?: { identifierPrefix?: string }): Promise<ReadableStream<Uint8Array>> {
  const html = renderToString(children, options?.identifierPrefix !== undefined ? { identifierPrefix: options.identifierPrefix } : {});
  return Promise.resolve(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(html));
        controller.close();
      },
    }),
  );
}

export default { ...ReactDOMServer, renderToReadableStream };
