import { describe, expect, it } from 'vitest';
import { checkStorable, MAX_DEPTH } from './storable';

describe('checkStorable', () => {
  it('passes ordinary bodies, markup and emoji included', () => {
    expect(checkStorable({ lead: { message: '<b>hi</b> 😀', visited_pages: ['/'], linked_query_params: { utm_source: 'x' } } })).toEqual({ ok: true });
  });
  it('names the place of a NUL or a lone surrogate, in values and keys', () => {
    expect(checkStorable({ lead: { message: 'a\u0000b' } })).toMatchObject({ ok: false, fields: { 'lead.message': expect.any(String) as unknown } });
    expect(checkStorable({ lead: { visited_pages: ['/', '\ud800'] } })).toMatchObject({
      ok: false,
      fields: { 'lead.visited_pages[1]': expect.any(String) as unknown },
    });
    expect(checkStorable({ lead: { ['bad\u0000key']: 1 } })).toMatchObject({ ok: false, fields: { 'lead.bad?key': expect.any(String) as unknown } });
    expect(checkStorable({ lead: { name: '\udc00\u0000' } })).toMatchObject({ ok: false });
  });
  it('refuses nesting deeper than any lead needs, without recursing into it', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(checkStorable(deep)).toMatchObject({ ok: false, error: 'The request is nested too deeply.' });
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_DEPTH; i++) fine = { a: fine };
    expect(checkStorable(fine)).toEqual({ ok: true });
  });
  it('takes a stricter rule: control characters refused too, less nesting', () => {
    expect(checkStorable({ v: 'a\u0007b' })).toEqual({ ok: true });
    expect(checkStorable({ v: 'a\u0007b' }, { refuse: 'controls' })).toMatchObject({ ok: false, fields: { v: expect.any(String) as unknown } });
    expect(checkStorable({ ['a\u007fb']: 1 }, { refuse: 'controls' })).toMatchObject({ ok: false });
    expect(checkStorable({ v: 'line one\nline two\ttabbed' }, { refuse: 'controls' })).toEqual({ ok: true });
    let nested: unknown = 'x';
    for (let i = 0; i < 8; i++) nested = [nested];
    expect(checkStorable(nested, { maxDepth: 8 })).toEqual({ ok: true });
    expect(checkStorable([nested], { maxDepth: 8 })).toMatchObject({ ok: false, error: 'The request is nested too deeply.' });
  });
});
