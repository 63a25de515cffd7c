/**
 * What an editor can get wrong that the schema alone cannot see, checked on a dealer file that
 * reads: files it names that its folder lacks, hours that close before they open, phone numbers
 * its country does not dial, markup or invisible control characters in text shown as written,
 * and menu links to a make, model or page the site does not have. Each problem points at the
 * field in the file (problems.ts). `npm run check:dealers` and the build run these together
 * (check.ts); the server does not, so a file that reads keeps its site served while the editor
 * fixes what these find.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Node } from 'jsonc-parser';
import { problemAt, pathOfNode, type DealerProblem } from '../platform/config/problems';
import { quoted, nearest, type DealerFileCheck } from '../platform/config/dealer-check';
import type { DealerConfig, Region } from '../platform/config/schema';
import { isDialablePhone } from '../platform/formats/phone';
import { hasUnsafeCharacters } from '../platform/formats/unsafe-text';
import { parseFormattedHours } from '../providers/service-slots';
import { parseDemoPhotoUrl } from '../stock/model/demo-photo';
import { carCatalogue, caravanCatalogue, motorcycleCatalogue } from '../stock/model/catalogue';
import type { Vehicle } from '../stock/model/vehicle';
import { landingFacets } from '../search/model/landing';
import { routeToState, vocabularyFromFacets } from '../search/model/routing';
import { unsearchedTypoAttributes } from '../search/model/text-settings';
import { indexSettings } from '../search/model/index-settings';
import { slugify } from '../platform/formats/slugify';
import { emptySearchLinks, isSearchLink, menuLinks, missingPageLinks } from './menu-links';

type Located = Pick<DealerFileCheck, 'text' | 'tree'> & { file: string };

/** A problem at a JSON path of the located file, with its line and column. */
const problemIn = (located: Located, at: readonly PropertyKey[], message: string, fix: string, severity?: DealerProblem['severity']): DealerProblem =>
  problemAt(located.file, located.text, located.tree, at, message, fix, severity);

/** Every string value of the file with its node, for checks that look at every field alike. */
function stringNodes(tree: Node | undefined): Node[] {
  const found: Node[] = [];
  const walk = (node: Node): void => {
    if (node.type === 'string') found.push(node);
    for (const child of node.children ?? []) if (!(node.type === 'property' && child === node.children?.[0])) walk(child);
  };
  if (tree) walk(tree);
  return found;
}

/** The key a value is written under, or undefined for a list entry. */
const keyOf = (node: Node): string | undefined => (node.parent?.type === 'property' ? String(node.parent.children?.[0]?.value) : undefined);

const IMAGE_FILE = /\.(svg|png|jpe?g|webp|avif|gif|ico)$/i;

/**
 * Files the config names that are not there: `/assets/…` is the dealer's folder
 * (`dealers/assets/<slug>/…`, copied into its site), `/stock-photos/…` a demo photo the site
 * renders, any other site path to an image file one in `public/`, which every site has.
 */
export function missingFileProblems(located: Located, dealer: DealerConfig, dealersDir: string, publicDir: string): DealerProblem[] {
  const exists = (file: string): boolean => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  const problems: DealerProblem[] = [];
  const assetsDir = path.join(dealersDir, 'assets', dealer.slug);
  for (const node of stringNodes(located.tree)) {
    const value = String(node.value);
    const sitePath = value.split(/[?#]/)[0] ?? '';
    const at = pathOfNode(node);
    if (sitePath.startsWith('/assets/')) {
      const relative = decodeURIComponent(sitePath.slice('/assets/'.length));
      if (!relative || relative.split('/').includes('..') || !exists(path.join(assetsDir, relative))) {
        problems.push(
          problemIn(
            located,
            at,
            `${quoted(value)} names a file that is not there (looked for ${path.relative(process.cwd(), path.join(assetsDir, relative)) || relative})`,
            `add the file to dealers/assets/${dealer.slug}/, or correct the name (names are case-sensitive)`,
          ),
        );
      }
    } else if (sitePath.startsWith('/stock-photos/')) {
      if (!parseDemoPhotoUrl(sitePath)) {
        problems.push(
          problemIn(
            located,
            at,
            `${quoted(value)} is not one of the demo stock photos`,
            'use a name like "/stock-photos/800/suv-red-1.jpg", or a file in /assets/',
          ),
        );
      }
    } else if (/^\/(?!\/)/.test(sitePath) && IMAGE_FILE.test(sitePath) && !exists(path.join(publicDir, decodeURIComponent(sitePath)))) {
      problems.push(
        problemIn(
          located,
          at,
          `${quoted(value)} names a file that is not there (not in public/)`,
          `put the dealer's own files in dealers/assets/${dealer.slug}/ and write "/assets/<name>"`,
        ),
      );
    }
  }
  return problems;
}

const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Opening and special hours whose closing time is not after their opening time ("5:30pm - 8:30am"). */
export function hoursProblems(located: Located, dealer: DealerConfig): DealerProblem[] {
  const problems: DealerProblem[] = [];
  const problem = (at: (string | number)[], written: string): void => {
    problems.push(
      problemIn(
        located,
        at,
        `${written} closes before it opens`,
        'check am and pm, and write the opening time first, e.g. "8:30am - 5:30pm" (or "open": "08:30", "close": "17:30")',
      ),
    );
  };
  dealer.locations.forEach((location, i) => {
    location.contact_detail.opening_hours.forEach((entry, j) => {
      const at = ['locations', i, 'contact_detail', 'opening_hours', j];
      if (entry.open && entry.close && toMinutes(entry.close) <= toMinutes(entry.open)) problem([...at, 'close'], `"${entry.open}" to "${entry.close}"`);
      const formatted = entry.formated_hours ? parseFormattedHours(entry.formated_hours) : undefined;
      if (formatted && formatted.close <= formatted.open) problem([...at, 'formated_hours'], quoted(entry.formated_hours));
    });
  });
  dealer.special_hours.forEach((entry, i) => {
    if (entry.start_hour && entry.end_hour && toMinutes(entry.end_hour) <= toMinutes(entry.start_hour)) {
      problem(['special_hours', i, 'end_hour'], `"${entry.start_hour}" to "${entry.end_hour}"`);
    }
    if (entry.hours && toMinutes(entry.hours.end) <= toMinutes(entry.hours.begin))
      problem(['special_hours', i, 'hours', 'end'], `"${entry.hours.begin}" to "${entry.hours.end}"`);
  });
  return problems;
}

const COUNTRY: Record<Region, { name: string; example: string }> = {
  AU: { name: 'Australian', example: 'write it as a local number like "02 9876 5432", "0412 345 678" or "1300 123 456", or as "+61 2 9876 5432"' },
  NZ: { name: 'New Zealand', example: 'write it as a local number like "09 123 4567" or "021 123 4567", or as "+64 9 123 4567"' },
  US: { name: 'US', example: 'write it with its area code, like "(512) 555-0142" or "+1 512 555 0142"' },
};

/** Every phone field (`phone`, `…_phone`) whose number the dealer's country does not dial. */
export function phoneProblems(located: Located, dealer: DealerConfig): DealerProblem[] {
  const country = COUNTRY[dealer.region];
  return stringNodes(located.tree)
    .filter((node) => /(^|_)phone$/.test(keyOf(node) ?? '') && !isDialablePhone(String(node.value), dealer.region))
    .map((node) => problemIn(located, pathOfNode(node), `${quoted(node.value)} is not a valid ${country.name} phone number`, country.example));
}

/** A field named in `search.typo_tolerance.no_typos_on_attributes` that search never reads. */
export function typoToleranceProblems(located: Located, dealer: DealerConfig): DealerProblem[] {
  const named = dealer.search.typo_tolerance?.no_typos_on_attributes ?? [];
  return unsearchedTypoAttributes(dealer.search).map((name) =>
    problemIn(
      located,
      ['search', 'typo_tolerance', 'no_typos_on_attributes', named.indexOf(name)],
      `${quoted(name)} is not a field search reads`,
      `use one of ${indexSettings.searchableAttributes.join(', ')}`,
    ),
  );
}

const TAG = /<\/?[a-z][^<>]*>|<!--/i;

/**
 * Text shown as written in which an editor pasted markup (`<b>Sale</b>` shows the tags on the
 * page) or an invisible control character such as a right-to-left override (which reverses how
 * the text reads). Every text field is plain text; none takes HTML.
 */
export function textProblems(located: Located): DealerProblem[] {
  const problems: DealerProblem[] = [];
  for (const node of stringNodes(located.tree)) {
    const value = String(node.value);
    const at = pathOfNode(node);
    if (at[0] === '$schema') continue;
    const tag = TAG.exec(value)?.[0];
    if (tag) {
      problems.push(
        problemIn(
          located,
          at,
          `holds markup ${quoted(tag)}: text here is shown as written, so the tags would show on the page`,
          'remove the tags and write plain text',
        ),
      );
    } else if (hasUnsafeCharacters(value, true, 'display')) {
      problems.push(
        problemIn(
          located,
          at,
          'holds an invisible control character (such as a right-to-left override) that changes how the text shows',
          'retype the text, or delete and rewrite the characters around where it was pasted',
        ),
      );
    }
  }
  return problems;
}

/** Makes a site can link to: any the platform knows (the catalogue), the dealer's own and those in its stock. */
function knownMakes(dealer: DealerConfig, stock: readonly Vehicle[]): string[] {
  const catalogue = (['AU', 'NZ', 'US'] as const)
    .flatMap((market) => [...carCatalogue(market), ...caravanCatalogue(market), ...motorcycleCatalogue(market)])
    .map((m) => m.make);
  return [
    ...new Set([
      ...catalogue,
      ...(dealer.manufacturer ? [dealer.manufacturer.name] : []),
      ...dealer.manufacturers.map((m) => m.name),
      ...dealer.models.flatMap((m) => (m.make ? [m.make] : [])),
      ...stock.map((car) => car.make),
    ]),
  ];
}

/** The JSON path of the menu link with this url (the first one), for its line and column. */
function menuLinkPath(tree: Node | undefined, url: string): (string | number)[] {
  const node = stringNodes(tree).find((n) => keyOf(n) === 'url' && n.value === url && pathOfNode(n)[0] === 'navigation');
  return node ? pathOfNode(node) : ['navigation'];
}

/**
 * Menu links that lead nowhere: a make no one sells (a misspelling, "/search/toyta") and a page
 * the site does not build are errors; a search that finds no car in today's stock is a warning,
 * since tomorrow's feed may fill it.
 */
export async function menuLinkProblems(
  located: Located,
  dealer: DealerConfig,
  stock: readonly Vehicle[],
  sitePages: readonly string[] | undefined,
  nowSeconds: number,
): Promise<DealerProblem[]> {
  const problems: DealerProblem[] = [];
  const makes = knownMakes(dealer, stock);
  const makeSlugs = new Set(makes.map((make) => slugify(make)));
  const vocabulary = vocabularyFromFacets(landingFacets(stock.filter((car) => car.status !== 'sold')));
  const misspelt = new Set<string>();
  for (const link of menuLinks(dealer).filter((l) => isSearchLink(l.url, dealer))) {
    for (const make of routeToState(link.url, dealer, vocabulary).refinements.make ?? []) {
      if (makeSlugs.has(slugify(make))) continue;
      misspelt.add(link.url);
      const guess = nearest(make, makes);
      problems.push(
        problemIn(
          located,
          menuLinkPath(located.tree, link.url),
          `the menu link "${link.name}" (${link.url}) searches for the make "${make}", which no dealer sells`,
          guess
            ? `did you mean "${guess}"? write it as "${link.url.replace(new RegExp(slugify(make), 'i'), slugify(guess))}"`
            : 'check the spelling of the make in the link',
        ),
      );
    }
  }
  for (const link of await emptySearchLinks(dealer, stock, nowSeconds)) {
    if (misspelt.has(link.url)) continue;
    problems.push(
      problemIn(
        located,
        menuLinkPath(located.tree, link.url),
        `the menu link "${link.name}" (${link.url}) finds no cars in the current stock`,
        'check the model in the link, or leave it if stock for it is coming',
        'warning',
      ),
    );
  }
  for (const link of sitePages ? missingPageLinks(dealer, sitePages) : []) {
    problems.push(
      problemIn(
        located,
        menuLinkPath(located.tree, link.url),
        `the menu link "${link.name}" (${link.url}) leads to a page the site does not have`,
        "check the address against the site's pages (a location, model or brand slug may be misspelt), or turn the page on in features.enabled_pages",
      ),
    );
  }
  return problems;
}
