/**
 * Search relevance over the demo stock: queries a car shopper types, each judged by which cars it
 * means (a model written with or without its space or hyphen, a trim, a typo, a stock number, a
 * colour and a model together), and precision at 5: of the first five hits (or of all the cars it
 * means, when fewer than five), the share that are cars it means.
 *
 * Judged on what the text search alone should return. The site's query box sends the words as
 * typed, so in "white hilux under 40k" the price words are left to the price filter the shopper
 * sets; the text search should still put white HiLuxes first.
 *
 *   npx tsx scripts/bench/relevance.ts [engine-dir]
 *
 * `engine-dir` is another copy of packages/search-engine/src to compare (for the figure before a
 * change: `git archive main packages/search-engine/src | tar -x -C /tmp/engine-main`, then
 * `npx tsx scripts/bench/relevance.ts /tmp/engine-main/packages/search-engine/src`).
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { indexSettings } from '../../src/search/model/index-settings';
import { dealerIndexSettings } from '../../src/search/model/text-settings';
import { loadDealer } from '../../src/platform/config/load';
import { generateDemoStock } from '../../src/stock/model/demo';
import type { Vehicle } from '../../src/stock/model/vehicle';

type Car = Vehicle & { variant?: string; colour?: string };

export interface RelevanceQuery {
  q: string;
  /** What the shopper means. */
  means: string;
  relevant: (car: Car) => boolean;
}

const model = (name: string) => (car: Car) => car.model === name;
const modelStarting = (name: string) => (car: Car) => car.model.startsWith(name);
const withVariant =
  (test: (car: Car) => boolean, ...words: string[]) =>
  (car: Car) =>
    test(car) && words.every((w) => (car.variant ?? '').split(/\s+/).includes(w));
const coloured = (test: (car: Car) => boolean, colour: string) => (car: Car) => test(car) && car.colour === colour;

const same = (qs: string[], means: string, relevant: (car: Car) => boolean): RelevanceQuery[] => qs.map((q) => ({ q, means, relevant }));

/** The judged queries; stock numbers and VINs are filled in from the stock they run over. */
export function relevanceQueries(stock: readonly Car[]): RelevanceQuery[] {
  const pick = (i: number): Car => stock[Math.min(i, stock.length - 1)]!;
  const byStock = (car: Car): RelevanceQuery[] => [
    { q: car.stocknum!, means: `stock number ${car.stocknum}`, relevant: (c) => c.id === car.id },
    { q: car.stocknum!.toLowerCase(), means: `stock number ${car.stocknum}, lower case`, relevant: (c) => c.id === car.id },
  ];
  return [
    // A model written with or without its space or hyphen.
    ...same(['land cruiser', 'landcruiser', 'Land Cruiser'], 'any LandCruiser', modelStarting('LandCruiser')),
    ...same(['land cruiser 300', 'landcruiser 300'], 'LandCruiser 300', model('LandCruiser 300')),
    ...same(['landcruiser 70', 'land cruiser 70'], 'LandCruiser 70', model('LandCruiser 70')),
    ...same(['hilux', 'hi lux', 'hi-lux'], 'HiLux', model('HiLux')),
    ...same(['rav4', 'rav 4', 'rav-4'], 'RAV4', model('RAV4')),
    ...same(['cx5', 'cx-5', 'cx 5'], 'Mazda CX-5', model('CX-5')),
    ...same(['cx30', 'cx 30'], 'Mazda CX-30', model('CX-30')),
    ...same(['cx60'], 'Mazda CX-60', model('CX-60')),
    ...same(['crv', 'cr-v', 'cr v'], 'Honda CR-V', model('CR-V')),
    ...same(['hrv', 'hr-v'], 'Honda HR-V', model('HR-V')),
    ...same(['chr', 'c-hr'], 'Toyota C-HR', model('C-HR')),
    ...same(['bt50', 'bt 50', 'bt-50'], 'Mazda BT-50', model('BT-50')),
    ...same(['dmax', 'd max', 'd-max'], 'Isuzu D-Max', model('D-Max')),
    ...same(['mux', 'mu x'], 'Isuzu MU-X', model('MU-X')),
    ...same(['mx5'], 'Mazda MX-5', model('MX-5')),
    ...same(['troc', 't roc'], 'VW T-Roc', model('T-Roc')),
    ...same(['gr86', 'gr 86'], 'Toyota GR86', model('GR86')),
    ...same(['mazda 3', 'mazda3'], 'Mazda3', model('Mazda3')),
    ...same(['hiace', 'hi ace'], 'Toyota HiAce', model('HiAce')),
    ...same(['yaris cross'], 'Yaris Cross', model('Yaris Cross')),
    ...same(['corolla cross'], 'Corolla Cross', model('Corolla Cross')),
    ...same(['santa fe', 'santafe'], 'Hyundai Santa Fe', model('Santa Fe')),
    ...same(['eclipse cross'], 'Mitsubishi Eclipse Cross', model('Eclipse Cross')),
    ...same(['pajero sport'], 'Pajero Sport', model('Pajero Sport')),
    ...same(['transit custom'], 'Ford Transit Custom', model('Transit Custom')),
    ...same(['model y'], 'Tesla Model Y', model('Model Y')),
    ...same(['3 series'], 'BMW 3 Series', model('3 Series')),
    ...same(['a class', 'aclass'], 'Mercedes-Benz A-Class', model('A-Class')),
    ...same(['c class'], 'Mercedes-Benz C-Class', model('C-Class')),
    ...same(['bz4x'], 'Toyota bZ4X', model('bZ4X')),
    // Typos.
    ...same(['toyta hilux', 'hilux toyta'], 'Toyota HiLux', model('HiLux')),
    ...same(['landcrusier', 'land crusier'], 'any LandCruiser', modelStarting('LandCruiser')),
    ...same(['corola'], 'Corolla', modelStarting('Corolla')),
    ...same(['outlnader'], 'Mitsubishi Outlander', model('Outlander')),
    ...same(['sportag'], 'Kia Sportage', model('Sportage')),
    ...same(['kluger', 'prado', 'tiguan'], 'the model typed', (car) => ['Kluger', 'Prado', 'Tiguan'].includes(car.model)).map((query) => ({
      ...query,
      relevant: (car: Car) => car.model.toLowerCase() === query.q,
    })),
    // Trims.
    { q: 'hilux sr5', means: 'HiLux SR5', relevant: withVariant(model('HiLux'), 'SR5') },
    { q: 'ranger xlt', means: 'Ranger XLT', relevant: withVariant(model('Ranger'), 'XLT') },
    { q: 'rav4 gx hybrid', means: 'RAV4 GX Hybrid', relevant: withVariant(model('RAV4'), 'GX', 'Hybrid') },
    { q: 'corolla ascent sport', means: 'Corolla Ascent Sport', relevant: withVariant(modelStarting('Corolla'), 'Ascent', 'Sport') },
    { q: 'landcruiser gxl', means: 'LandCruiser GXL', relevant: withVariant(modelStarting('LandCruiser'), 'GXL') },
    { q: 'land cruiser gxl', means: 'LandCruiser GXL', relevant: withVariant(modelStarting('LandCruiser'), 'GXL') },
    { q: 'camry sl', means: 'Camry SL', relevant: withVariant(model('Camry'), 'SL') },
    // Stock numbers and VINs.
    ...byStock(pick(9)),
    ...byStock(pick(250)),
    { q: pick(40).vin!, means: `VIN ${pick(40).vin}`, relevant: (c) => c.id === pick(40).id },
    // Colour, make or body with a model.
    { q: 'white hilux', means: 'white HiLux', relevant: coloured(model('HiLux'), 'White') },
    { q: 'white hilux under 40k', means: 'white HiLux (the price is the price filter’s)', relevant: coloured(model('HiLux'), 'White') },
    { q: 'white hi lux', means: 'white HiLux', relevant: coloured(model('HiLux'), 'White') },
    { q: 'red cx5', means: 'red Mazda CX-5', relevant: coloured(model('CX-5'), 'Red') },
    { q: 'black ranger', means: 'black Ford Ranger', relevant: coloured(model('Ranger'), 'Black') },
    { q: 'silver land cruiser', means: 'silver LandCruiser', relevant: coloured(modelStarting('LandCruiser'), 'Silver') },
    { q: 'toyota ute', means: 'a Toyota ute', relevant: (car) => car.make === 'Toyota' && car.body === 'Ute' },
    { q: 'hybrid suv', means: 'a hybrid SUV', relevant: (car) => car.body === 'SUV' && /hybrid/i.test(`${car.fuel} ${car.variant ?? ''}`) },
    { q: 'mazda cx 5 maxx', means: 'Mazda CX-5 Maxx', relevant: withVariant(model('CX-5'), 'Maxx') },
  ];
}

export interface EngineModule {
  SearchEngine: new (
    docs: readonly Record<string, unknown>[],
    settings: typeof indexSettings,
  ) => {
    search(params: Record<string, unknown>): { hits: Record<string, unknown>[] };
  };
  parseSearchParams: (body: unknown) => Record<string, unknown>;
}

export interface RelevanceResult {
  /** Mean precision at 5 over the judged queries. */
  precisionAt5: number;
  perQuery: { q: string; means: string; precision: number; relevantInStock: number }[];
}

export function measureRelevance(engineModule: EngineModule, stock: readonly Car[]): RelevanceResult {
  // The settings a dealer site runs: the stock index's, with the platform's synonyms, stop words and typo tolerance.
  const engine = new engineModule.SearchEngine(stock, dealerIndexSettings({ search: {} }));
  const byId = new Map(stock.map((car) => [car.id, car]));
  const perQuery = relevanceQueries(stock).map(({ q, means, relevant }) => {
    const relevantInStock = stock.filter(relevant).length;
    if (relevantInStock === 0) throw new Error(`"${q}": no car in the stock is ${means}; the judgement needs one`);
    const hits = engine.search(engineModule.parseSearchParams({ q, limit: 5, attributesToRetrieve: ['id'] })).hits;
    const good = hits.filter((hit) => relevant(byId.get(hit.id as number)!)).length;
    return { q, means, precision: good / Math.min(5, relevantInStock), relevantInStock };
  });
  return { precisionAt5: perQuery.reduce((sum, r) => sum + r.precision, 0) / perQuery.length, perQuery };
}

/** The stock the figures are taken over: the franchise demo dealer's generator, 1,000 cars on a fixed day. */
/** Kingfisher's demo stock as a plain car yard (cars only), so the judged set stays put when the dealer adds rentals or subscriptions. */
export const relevanceStock = (): Car[] => {
  const site = loadDealer('kingfisher-toyota');
  return generateDemoStock({ ...site, search: { ...site.search, categories: ['cars'] } }, 1000, Date.UTC(2025, 0, 15));
};

async function main(): Promise<void> {
  const dir = process.argv[2];
  const module = (dir ? await import(pathToFileURL(resolve(dir, 'index.ts')).href) : await import('@dealer-sites/search-engine')) as EngineModule;
  const result = measureRelevance(module, relevanceStock());
  for (const r of result.perQuery)
    if (r.precision < 1) console.log(`  ${r.precision.toFixed(2)}  ${JSON.stringify(r.q)} (${r.means}; ${r.relevantInStock} in stock)`);
  console.log(`Precision at 5 over ${result.perQuery.length} judged queries${dir ? ` (engine in ${dir})` : ''}: ${result.precisionAt5.toFixed(3)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
