/**
 * The mistakes an editor makes in a dealer file, each made to a copy of a demo dealer's file (the
 * fixture copy, with a file for each asset it names beside it) and checked as `npm run check:dealers` and the build check it: the message
 * must name the file, the line and column of the field, its path, and say in plain words what is
 * wrong and how to fix it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDealers, formatProblem } from '../../src/build/check';
import { lineColumn, type DealerProblem } from '../../src/platform/config/problems';
import { sitemapPaths } from '../../src/site/site-pages';
import { DEALER_FILES_DIR } from '../support/test-site';
import { writeNewDealer } from '../../src/build/new-dealer';

const SLUG = 'kingfisher-toyota';
const original = readFileSync(path.join(DEALER_FILES_DIR, `${SLUG}.json`), 'utf8');

/** A file for every `/assets/...` the dealer file names, in `dealers/assets/<slug>/` of the temporary folder. */
function writeAssets(slug: string, text: string): void {
  for (const [, name] of text.matchAll(/"\/assets\/([^"?#]+)"/g)) {
    const file = path.join(folder, 'assets', slug, name!);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '');
  }
}

let folder: string;
const fileOf = (slug: string): string => path.join(folder, `${slug}.json`);

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'dealer-mistakes-'));
  writeAssets(SLUG, original);
  mkdirSync(path.join(folder, 'stock'));
  mkdirSync(path.join(folder, 'dist'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** `text` with the first `from` replaced by `to`; the case is wrong if `from` is not there. */
function edit(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`the demo file no longer holds ${JSON.stringify(from)}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** A second dealer made from the demo: its own slug, id and addresses unless the case keeps one. */
function newcomer(changes: { id?: number; url?: string; domains?: string[] }): string {
  const data = JSON.parse(original) as Record<string, unknown>;
  return `${JSON.stringify(
    { ...data, slug: 'newcomer-motors', id: changes.id ?? 9901, url: changes.url ?? 'https://www.newcomer.example', domains: changes.domains ?? [] },
    null,
    2,
  )}\n`;
}

async function check(files: Record<string, string>): Promise<Map<string, DealerProblem[]>> {
  for (const [slug, text] of Object.entries(files)) {
    writeFileSync(fileOf(slug), text);
    if (slug !== SLUG) writeAssets(slug, original);
  }
  const all = Object.keys(files).map(fileOf);
  const results = await checkDealers(all, all, {
    dealersDir: folder,
    distDir: path.join(folder, 'dist'),
    publicDir: path.resolve('public'),
    sitePages: sitemapPaths,
    env: { STOCK_DIR: path.join(folder, 'stock') },
    now: Date.parse('2026-11-01T00:00:00Z'),
  });
  return new Map(results.map((result) => [path.basename(result.file, '.json'), result.problems]));
}

interface Mistake {
  mistake: string;
  /** The dealer file as the editor left it (and any other file in the folder). */
  files: () => Record<string, string>;
  /** Which file the message is in (the demo dealer's by default). */
  in?: string;
  /** Where the message must point: the first place this text is in that file. */
  at: string;
  path: string;
  words: RegExp;
  /** Whether the editor's words must also say how to fix it (always, unless said otherwise). */
  fix: RegExp;
}

const demo = (text: string): Record<string, string> => ({ [SLUG]: text });

const mistakes: Mistake[] = [
  {
    mistake: 'two files claim one domain',
    files: () => ({ [SLUG]: original, 'newcomer-motors': newcomer({ domains: ['kingfishertoyota.example'] }) }),
    in: 'newcomer-motors',
    at: '"kingfishertoyota.example"',
    path: 'domains[0]',
    words:
      /the domain "kingfishertoyota\.example" is also claimed by kingfisher-toyota\.json \(domains\[0\]\): nothing tells which dealer it belongs to, so neither site is served on it/,
    fix: /remove it from the file that should not have it/,
  },
  {
    mistake: 'a copied dealer id',
    files: () => ({ [SLUG]: original, 'newcomer-motors': newcomer({ id: 1101 }) }),
    in: 'newcomer-motors',
    at: '"id": 1101',
    path: 'id',
    words: /the dealer id "1101" is also claimed by kingfisher-toyota\.json \(id\)/,
    fix: /give this dealer its own id/,
  },
  {
    mistake: 'a slug that is not the file name',
    files: () => demo(edit(original, '"slug": "kingfisher-toyota"', '"slug": "kingfisher-toyota-2"')),
    at: '"slug": "kingfisher-toyota-2"',
    path: 'slug',
    words: /"kingfisher-toyota-2" does not match the file name "kingfisher-toyota\.json"/,
    fix: /set "slug": "kingfisher-toyota"/,
  },
  {
    mistake: 'a logo file that is not in the folder',
    files: () => demo(edit(original, '"url": "/assets/logo.svg"', '"url": "/assets/logo.png"')),
    at: '"url": "/assets/logo.png"',
    path: 'logo.url',
    words: /"\/assets\/logo\.png" names a file that is not there/,
    fix: /add the file to dealers\/assets\/kingfisher-toyota\//,
  },
  {
    mistake: 'a hero image that is not in the folder',
    files: () => demo(edit(original, '"image": "/assets/hero.webp"', '"image": "/assets/Hero.webp"')),
    at: '"image": "/assets/Hero.webp"',
    path: 'home.hero.image',
    words: /"\/assets\/Hero\.webp" names a file that is not there/,
    fix: /names are case-sensitive/,
  },
  {
    mistake: 'hours that close before they open',
    files: () => demo(edit(original, '"open": "08:00",\n            "close": "17:30"', '"formated_hours": "5:30pm - 8:30am"')),
    at: '"formated_hours"',
    path: 'locations[0].contact_detail.opening_hours[1].formated_hours',
    words: /"5:30pm - 8:30am" closes before it opens/,
    fix: /check am and pm/,
  },
  {
    mistake: 'opening and closing times the wrong way round',
    files: () => demo(edit(original, '"open": "08:00",\n            "close": "17:30"', '"open": "17:30",\n            "close": "08:00"')),
    at: '"close": "08:00"',
    path: 'locations[0].contact_detail.opening_hours[1].close',
    words: /"17:30" to "08:00" closes before it opens/,
    fix: /write the opening time first/,
  },
  {
    mistake: 'a phone number invalid for the region',
    files: () => demo(edit(original, '"phone": "07 5550 2100",\n        "email"', '"phone": "02 1234",\n        "email"')),
    at: '"phone": "02 1234"',
    path: 'locations[0].contact_detail.phone',
    words: /"02 1234" is not a valid Australian phone number/,
    fix: /write it as a local number like "02 9876 5432"/,
  },
  {
    mistake: 'a US phone number on an Australian site',
    files: () => demo(edit(original, '"phone": "07 5550 2100"', '"phone": "(512) 555-0142"')),
    at: '"phone": "(512) 555-0142"',
    path: 'phone',
    words: /"\(512\) 555-0142" is not a valid Australian phone number/,
    fix: /"\+61 2 9876 5432"/,
  },
  {
    mistake: 'markup in a plain-text field',
    files: () => demo(edit(original, '"name": "Kingfisher Toyota"', '"name": "<b>Kingfisher</b> Toyota"')),
    at: '"name": "<b>',
    path: 'name',
    words: /holds markup "<b>": text here is shown as written, so the tags would show on the page/,
    fix: /remove the tags/,
  },
  {
    mistake: 'a right-to-left override pasted into a location name',
    files: () => demo(edit(original, '"name": "Kingfisher Toyota - Sales"', '"name": "Kingfisher Toyota \u202e- Sales"')),
    at: '"name": "Kingfisher Toyota \u202e',
    path: 'locations[0].name',
    words: /invisible control character/,
    fix: /retype the text/,
  },
  {
    mistake: 'a misspelled make in a menu link',
    files: () => demo(edit(original, '"url": "/search/toyota/rav4"', '"url": "/search/toyta/rav4"')),
    at: '"url": "/search/toyta/rav4"',
    path: 'navigation.header[1].dropdownItems[6].url',
    words: /searches for the make "Toyta", which no dealer sells/,
    fix: /did you mean "Toyota"\? write it as "\/search\/toyota\/rav4"/,
  },
  {
    mistake: 'a menu link to a location page the site does not have',
    files: () => demo(edit(original, '"url": "/our-location/kingfisher-toyota-parts"', '"url": "/our-location/kingfisher-toyota-prats"')),
    at: '"url": "/our-location/kingfisher-toyota-prats"',
    path: 'navigation.header[2].dropdownMenus[1].items[1].url',
    words: /leads to a page the site does not have/,
    fix: /slug may be misspelt/,
  },
  {
    mistake: 'a missing comma',
    files: () => demo(edit(original, '"name": "Kingfisher Toyota",', '"name": "Kingfisher Toyota"')),
    at: '\n  "url": "https://www.kingfishertoyota',
    path: '(root)',
    words: /the file is not valid JSON: a comma is missing after this value/,
    fix: /add ","/,
  },
  {
    mistake: 'a trailing comma after the last entry',
    files: () => demo(edit(original, '"height": 64\n', '"height": 64,\n')),
    at: ',\n  },\n  "phone"',
    path: '(root)',
    words: /a comma after the last entry is not allowed in JSON/,
    fix: /remove this comma/,
  },
  {
    mistake: 'a field name without quotes',
    files: () =>
      demo(edit(original, '"email": "sales@kingfishertoyota.example",\n  "dealership_slug"', 'email: "sales@kingfishertoyota.example",\n  "dealership_slug"')),
    at: 'email: "sales',
    path: '(root)',
    words: /the field name email is not in double quotes/,
    fix: /write "email"/,
  },
  {
    mistake: 'a file cut short',
    files: () => demo(original.slice(0, original.indexOf('"special_hours"'))),
    at: '\u0000',
    path: '(root)',
    words: /the file is not valid JSON/,
    fix: /add the missing|add what is missing/,
  },
  {
    mistake: 'a required field left out',
    files: () =>
      demo(
        edit(
          original,
          '"address": {\n        "street": "188 Morayfield Road",\n        "city": "Morayfield",\n        "state": "QLD",\n        "postcode": "4506",\n        "lat": -27.1089,\n        "long": 152.9497\n      },\n',
          '',
        ),
      ),
    at: '{\n      "id": 31001',
    path: 'locations[0].address',
    words: /^is required but missing$/,
    fix: /add "address": \{ \.\.\. \}/,
  },
  {
    mistake: 'a site address without https://',
    files: () => demo(edit(original, '"url": "https://www.kingfishertoyota.example"', '"url": "www.kingfishertoyota.example"')),
    at: '"url": "www.',
    path: 'url',
    words: /"www\.kingfishertoyota\.example" is not a full web address/,
    fix: /write it with https:\/\/ and the host name, e\.g\. "https:\/\/www\.example\.com\.au"/,
  },
  {
    mistake: 'a date that does not exist',
    files: () => demo(edit(original, '"date": "2026-12-24"', '"date": "2027-02-30"')),
    at: '"date": "2027-02-30"',
    path: 'special_hours[1].date',
    words: /"2027-02-30" is not a real date: February 2027 has 28 days/,
    fix: /check the day/,
  },
  {
    mistake: 'a misspelled field name',
    files: () =>
      demo(
        edit(original, '"email": "sales@kingfishertoyota.example",\n  "dealership_slug"', '"emial": "sales@kingfishertoyota.example",\n  "dealership_slug"'),
      ),
    at: '"emial"',
    path: 'emial',
    words: /"emial" is not a field of a dealer file/,
    fix: /did you mean "email"\?/,
  },
  {
    mistake: 'a number written as text',
    files: () => demo(edit(original, '"width": 240', '"width": "240"')),
    at: '"width": "240"',
    path: 'logo.width',
    words: /is text \("240"\) but must be a number/,
    fix: /write the number without quotes/,
  },
  {
    mistake: 'a field written twice',
    files: () => demo(edit(original, '"phone": "07 5550 2100",\n  "email"', '"phone": "07 5550 2100",\n  "phone": "07 5550 2101",\n  "email"')),
    at: '"phone": "07 5550 2101"',
    path: 'phone',
    words: /"phone" is written twice in the same object \(also on line 16\)/,
    fix: /keep one/,
  },
  {
    mistake: 'a colour by name',
    files: () => demo(edit(original, '"region": "AU",', '"region": "AU",\n  "theme": { "primary": "blue" },')),
    at: '"primary": "blue"',
    path: 'theme.primary',
    words: /"blue" is not a colour written as "#rrggbb"/,
    fix: /e\.g\. "#0b3d91"/,
  },
  {
    mistake: 'an email address without its domain',
    files: () => demo(edit(original, '"email": "sales@kingfishertoyota.example",\n  "dealership_slug"', '"email": "sales@kingfisher",\n  "dealership_slug"')),
    at: '"email": "sales@kingfisher"',
    path: 'email',
    words: /"sales@kingfisher" is not an email address/,
    fix: /write it like "sales@example\.com\.au"/,
  },
  {
    mistake: 'an empty dealer name',
    files: () => demo(edit(original, '"name": "Kingfisher Toyota"', '"name": ""')),
    at: '"name": ""',
    path: 'name',
    words: /^is empty$/,
    fix: /write the name here/,
  },
  {
    mistake: 'a country written out instead of its code',
    files: () => demo(edit(original, '"region": "AU"', '"region": "Australia"')),
    at: '"region": "Australia"',
    path: 'region',
    words: /"Australia" is not one of the values this field takes/,
    fix: /use one of "AU", "NZ", "US"/,
  },
  {
    mistake: 'holiday hours for a location that does not exist',
    files: () => demo(edit(original, '"location_id": 31001', '"location_id": 31009')),
    at: '"location_id": 31009',
    path: 'special_hours[1].location_id',
    words: /no location has id "31009"/,
    fix: /.*/,
  },
  {
    mistake: 'a location type that does not exist',
    files: () => demo(edit(original, '"location_type": "sales"', '"location_type": "showroom"')),
    at: '"location_type": "showroom"',
    path: 'locations[0].location_type',
    words: /"showroom" is not one of the values this field takes/,
    fix: /use one of "sales", "service", "parts"/,
  },
];

describe('the mistakes an editor makes in a dealer file', () => {
  it('has at least 28 of them', () => {
    expect(mistakes.length).toBeGreaterThanOrEqual(28);
  });

  it.each(mistakes.map((m) => [m.mistake, m] as const))('%s: names the file, line:column, field, what is wrong and the fix', async (_name, mistake) => {
    const files = mistake.files();
    const slug = mistake.in ?? SLUG;
    const problems = (await check(files)).get(slug) ?? [];
    const text = files[slug]!;
    // A cut-short file is pointed at its end.
    const offset = mistake.at === '\u0000' ? text.length : text.indexOf(mistake.at);
    expect(offset, 'the case points at text the file holds').toBeGreaterThanOrEqual(0);
    const { line, column } = lineColumn(text, offset);
    const found = problems.find((p) => p.path === mistake.path && mistake.words.test(p.message));
    expect(found, `expected a problem at ${mistake.path} matching ${String(mistake.words)}; got:\n${problems.map(formatProblem).join('\n')}`).toBeDefined();
    expect(found).toMatchObject({ file: fileOf(slug), line, column, severity: 'error' });
    expect(found!.fix).toMatch(mistake.fix);
    expect(formatProblem(found!)).toBe(`${fileOf(slug)}:${line}:${column} ${mistake.path}: ${found!.message}${found!.fix ? `; ${found!.fix}` : ''}`);
  });
});

describe('a conflict names both files and blames neither silently', () => {
  it('puts the domain claimed twice in both files, each naming the other', async () => {
    const problems = await check({ [SLUG]: original, 'newcomer-motors': newcomer({ domains: ['kingfishertoyota.example'] }) });
    expect(problems.get(SLUG)?.find((p) => p.path === 'domains[0]')?.message).toMatch(/also claimed by newcomer-motors\.json \(domains\[0\]\)/);
    expect(problems.get('newcomer-motors')?.find((p) => p.path === 'domains[0]')?.message).toMatch(/also claimed by kingfisher-toyota\.json \(domains\[0\]\)/);
  });

  it('lets the dealer whose last good build had the domain keep it, with a warning naming the newcomer, and refuses the newcomer', async () => {
    mkdirSync(path.join(folder, 'dist', '.stamps'), { recursive: true });
    writeFileSync(path.join(folder, 'dist', '.stamps', `${SLUG}.dealer.json`), original);
    const problems = await check({ [SLUG]: original, 'newcomer-motors': newcomer({ domains: ['kingfishertoyota.example'] }) });
    const kept = problems.get(SLUG)?.find((p) => p.path === 'domains[0]');
    expect(kept).toMatchObject({ severity: 'warning' });
    expect(kept?.message).toMatch(/also claimed by newcomer-motors\.json \(domains\[0\]\): kingfisher-toyota had it in its last good build and keeps it/);
    const refused = problems.get('newcomer-motors')?.find((p) => p.path === 'domains[0]');
    expect(refused).toMatchObject({ severity: 'error' });
    expect(refused?.message).toMatch(/kingfisher-toyota had it first and keeps it, so this file is refused/);
  });
});

describe('a dealer started with npm run dealer:new', () => {
  it('passes every check, menu links to its pages included', async () => {
    const file = writeNewDealer({ slug: 'newcomer-motors', dealersDir: folder });
    const problems = (await check({ [SLUG]: original, 'newcomer-motors': readFileSync(file, 'utf8') })).get('newcomer-motors');
    expect(problems?.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
  });
});
