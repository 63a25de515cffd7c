import { describe, expect, it } from 'vitest';
import { cleanDescription, cleanLine, cleanRowText, DESCRIPTION_MAX } from './feed-text';

describe('feed text', () => {
  it('removes bidirectional overrides and control characters, and keeps a line a line', () => {
    expect(cleanLine('RAV4 \u202eXG\u202c Hybrid')).toBe('RAV4 XG Hybrid');
    expect(cleanLine('Eclipse\u0007\u0000 Black\n\tPearl')).toBe('Eclipse Black Pearl');
    expect(cleanLine('Škoda Kodiaq 😀')).toBe('Škoda Kodiaq 😀');
  });

  it('turns an HTML description into plain paragraphs: no tags, no scripts, no link targets', () => {
    const html =
      '<h2>Low kms</h2><p>One owner &amp; <b>full</b> history.</p><ul><li>Tow bar</li><li>Two keys</li></ul>' +
      '<script>alert(1)</script><img src=x onerror=alert(1)><p>Call <a href="javascript:alert(1)">us</a><br>today</p>';
    expect(cleanDescription(html)).toBe('Low kms\n\nOne owner & full history.\n\n• Tow bar\n• Two keys\n\nCall us\ntoday');
  });

  it('reads hostile HTML in bounded time: deep nesting and huge input', () => {
    const started = performance.now();
    expect(cleanDescription(`${'<div>'.repeat(2000)}deep${'</div>'.repeat(2000)}<p>Tow bar</p>`)).toBe('Tow bar');
    expect(cleanDescription(`<p>Intro</p>${'<div>'.repeat(30_000)}deep`)).toBe('Intro');
    expect(cleanDescription(`<p>${'word '.repeat(200_000)}</p>`).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('leaves plain text as written, tidying line ends and blank lines', () => {
    expect(cleanDescription('One owner.\r\n\r\n\r\n\r\nTow bar,  roof racks.  ')).toBe('One owner.\n\nTow bar, roof racks.');
    expect(cleanDescription('5 < 6 and 7 > 3')).toBe('5 < 6 and 7 > 3');
  });

  it('cuts a description longer than the stock holds at a word', () => {
    const cut = cleanDescription('word '.repeat(2000));
    expect(cut.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(cut).toMatch(/ word…$/);
  });

  it('cleans every text of a row, in lists and image URLs too, and leaves other values alone', () => {
    expect(
      cleanRowText({ name: 'A\u202eB', filtered_features: ['x\u0007y'], images: [{ image_url: 'https://a.example/1.jpg\u202d' }], price: 5, certified: true }),
    ).toEqual({ name: 'AB', filtered_features: ['xy'], images: [{ image_url: 'https://a.example/1.jpg' }], price: 5, certified: true });
  });
});
