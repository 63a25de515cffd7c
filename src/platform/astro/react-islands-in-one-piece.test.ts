import { createElement, useId, type ReactNode } from 'react';
import { renderToReadableStream as streamed } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import inOnePiece from './react-islands-in-one-piece';

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

function Labelled({ label }: { label: string }): ReactNode {
  const id = useId();
  return createElement(
    'form',
    null,
    createElement('label', { htmlFor: id }, label, ' & more'),
    createElement('input', { id, defaultValue: 'a "quoted" <value>' }),
    createElement(
      'ul',
      null,
      ['one', 'two'].map((item) => createElement('li', { key: item }, item, 2)),
    ),
  );
}

describe('react-dom/server in one piece', () => {
  it('writes what the stream writes, with the island’s id prefix', async () => {
    const tree = createElement('div', null, createElement(Labelled, { label: 'Postcode' }), createElement(Labelled, { label: 'Suburb' }));
    const options = { identifierPrefix: 's3' };
    const once = await text(await inOnePiece.renderToReadableStream(tree, options));
    expect(once).toContain('id="_s3R_');
    expect(once).toBe(await text(await streamed(tree, options)));
  });
});
