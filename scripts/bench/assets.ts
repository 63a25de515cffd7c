/**
 * What a built page ships: its executable scripts and the files they pull in. Pure functions over
 * strings (files come in through a `read` callback), so the parsing is unit-tested without a build.
 * A small hand scanner instead of an HTML parser dependency: built Astro output is regular enough,
 * and the cases that trip naive regexes (quoted `>`, comments, `</script` in other raw text) are covered.
 */
import { gzipSync } from 'node:zlib';

export interface Tag {
  name: string;
  attrs: Map<string, string>;
  /** Text up to the closing tag, for raw-text elements (script); '' otherwise. */
  content: string;
}

// Their content is text, not markup: a "<script" inside them is not a tag.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'noscript', 'xmp']);

/** Every `<name …>` start tag in `html` whose name is in `wanted`, in document order. */
export function findTags(html: string, wanted: readonly string[]): Tag[] {
  const want = new Set(wanted.map((w) => w.toLowerCase()));
  const tags: Tag[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const nameMatch = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 64));
    if (!nameMatch?.[1]) {
      i = lt + 1;
      continue;
    }
    const name = nameMatch[1].toLowerCase();
    // Find the tag's end, skipping quoted attribute values that may contain '>'.
    let j = lt + nameMatch[0].length;
    let quote = '';
    for (; j < html.length; j++) {
      const ch = html[j];
      if (quote) {
        if (ch === quote) quote = '';
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '>') break;
    }
    const attrs = parseAttrs(html.slice(lt + nameMatch[0].length, j));
    i = j + 1;
    let content = '';
    if (RAW_TEXT.has(name)) {
      // As in browsers, `</scriptx` does not close a script: the name must end there.
      const closer = new RegExp(`</${name}[\\s/>]`, 'gi');
      closer.lastIndex = i;
      const close = closer.exec(html)?.index ?? html.length;
      content = html.slice(i, close);
      const gt = html.indexOf('>', close);
      i = gt < 0 ? html.length : gt + 1;
    }
    if (want.has(name)) tags.push({ name, attrs, content: name === 'script' ? content : '' });
  }
  return tags;
}

function parseAttrs(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const re = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  for (const m of source.matchAll(re)) {
    const name = (m[1] ?? '').toLowerCase();
    // The first occurrence wins, as in browsers.
    if (!attrs.has(name)) attrs.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

// Enough for URLs in attributes; Astro escapes & as &amp; or &#38;.
const ENTITIES: Record<string, string> = { amp: '&', '#38': '&', quot: '"', '#34': '"', apos: "'", '#39': "'", lt: '<', gt: '>' };
const decodeEntities = (value: string): string => value.replace(/&(amp|#38|quot|#34|apos|#39|lt|gt);/g, (whole, e: string) => ENTITIES[e] ?? whole);

const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

/** Whether a browser runs a `<script>` with these attributes (JSON-LD, templates and nomodule do not). */
export function isExecutable(attrs: ReadonlyMap<string, string>): boolean {
  // Chrome supports modules, so it skips nomodule fallbacks entirely (no download either).
  if (attrs.has('nomodule')) return false;
  return JS_TYPES.has((attrs.get('type') ?? '').trim().toLowerCase());
}

export interface PageScripts {
  /** Bodies of inline executable scripts. */
  inline: string[];
  /** URLs as written in the page: script src, modulepreload href, island component/renderer. */
  refs: string[];
}

export function pageScripts(html: string): PageScripts {
  const inline: string[] = [];
  const refs: string[] = [];
  for (const tag of findTags(html, ['script', 'link', 'astro-island'])) {
    if (tag.name === 'script' && isExecutable(tag.attrs)) {
      const src = tag.attrs.get('src');
      if (src !== undefined) refs.push(src);
      else if (tag.content.trim()) inline.push(tag.content);
    } else if (tag.name === 'link') {
      const rel = (tag.attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = tag.attrs.get('href');
      if (rel.includes('modulepreload') && href) refs.push(href);
    } else if (tag.name === 'astro-island') {
      // Islands load these at hydration, so they are shipped by the page as surely as a script src.
      for (const key of ['component-url', 'renderer-url']) {
        const url = tag.attrs.get(key);
        if (url) refs.push(url);
      }
    }
  }
  return { inline, refs };
}

/**
 * Relative specifiers of a bundle's static imports and re-exports: `from"./x.js"`, `import"./x.js"`.
 * Dynamic `import("./x.js")` is skipped on purpose: it loads on demand, not with the page.
 */
export function staticImports(js: string): string[] {
  const found = new Set<string>();
  for (const m of js.matchAll(/\b(?:from|import)\s*(["'])(\.{0,2}\/[^"'\s]+)\1/g)) if (m[2]) found.add(m[2]);
  return [...found];
}

export const hasIsland = (html: string): boolean => html.includes('<astro-island');

export const gzipSize = (data: string | Buffer): number => gzipSync(data, { level: 9 }).length;

export interface JsFile {
  /** Site path, e.g. /_astro/client.abc.js, or the URL as written when it is not on the site. */
  url: string;
  bytes: number;
  gzip: number;
  /** False when the file is missing or off-site: it was referenced but could not be measured. */
  found: boolean;
}

export interface PageJs {
  inline: { bytes: number; gzip: number }[];
  files: JsFile[];
  /** Sum of every inline script and file, each gzipped on its own. */
  gzip: number;
  bytes: number;
}

const SITE = 'http://site.invalid';

/** Resolves `ref` against `base` (a site path); undefined for URLs on another origin. */
export function sitePath(ref: string, base: string): string | undefined {
  let url: URL;
  try {
    url = new URL(ref, SITE + base);
  } catch {
    return undefined;
  }
  return url.origin === SITE ? url.pathname : undefined;
}

/**
 * The JavaScript a page at `pagePath` ships, following static imports of the files it references.
 * `read` returns a site path's bytes, or undefined when there is no such file.
 */
export function collectPageJs(html: string, pagePath: string, read: (sitePath: string) => Buffer | undefined): PageJs {
  const { inline, refs } = pageScripts(html);
  const files: JsFile[] = [];
  const seen = new Set<string>();
  const queue: { ref: string; base: string }[] = refs.map((ref) => ({ ref, base: pagePath }));
  for (let item = queue.shift(); item; item = queue.shift()) {
    const resolved = sitePath(item.ref, item.base);
    const key = resolved ?? item.ref;
    if (seen.has(key)) continue;
    seen.add(key);
    const data = resolved === undefined ? undefined : read(resolved);
    if (!data) {
      files.push({ url: key, bytes: 0, gzip: 0, found: false });
      continue;
    }
    files.push({ url: key, bytes: data.length, gzip: gzipSize(data), found: true });
    for (const spec of staticImports(data.toString('utf8'))) queue.push({ ref: spec, base: key });
  }
  const inlineSizes = inline.map((code) => ({ bytes: Buffer.byteLength(code), gzip: gzipSize(code) }));
  const all = [...inlineSizes, ...files];
  return {
    inline: inlineSizes,
    files,
    gzip: all.reduce((sum, f) => sum + f.gzip, 0),
    bytes: all.reduce((sum, f) => sum + f.bytes, 0),
  };
}
