import { describe, expect, it } from 'vitest';
import instantsearch from 'instantsearch.js/es/index.js';
import { connectConfigure, connectHits, connectRange, connectRefinementList, connectSearchBox } from 'instantsearch.js/es/connectors/index.js';
import type { SearchClient, Widget } from 'instantsearch.js';
import { addCollectedWidgets, collectWidgetAdditions } from './widgets-together';

/** Answers every search with one car and its facets, counting the requests. */
function searchClient(): SearchClient & { requests: number } {
  const client = {
    requests: 0,
    search(requests: readonly { indexName: string }[]) {
      client.requests += 1;
      return Promise.resolve({
        results: requests.map(({ indexName }) => ({
          index: indexName,
          hits: [{ objectID: '1', make: 'Kia' }],
          nbHits: 1,
          page: 0,
          nbPages: 1,
          hitsPerPage: 24,
          processingTimeMS: 0,
          exhaustiveNbHits: true,
          query: '',
          params: '',
          facets: { make: { Kia: 1 }, car_type: { used: 1 } },
          facets_stats: { price: { min: 10000, max: 20000, avg: 15000, sum: 15000 } },
        })),
      });
    },
  };
  return client;
}

/** A search page's worth of widgets, as the island's hooks make them. */
function widgets(): Widget[] {
  const noop = () => undefined;
  return [
    connectConfigure(noop)({ searchParameters: { hitsPerPage: 24 } }),
    connectSearchBox(noop)({}),
    connectRefinementList(noop)({ attribute: 'make' }),
    connectRefinementList(noop)({ attribute: 'car_type' }),
    connectRange(noop)({ attribute: 'price' }),
    connectHits(noop)({}),
  ] as Widget[];
}

async function started(add: (index: ReturnType<typeof instantsearch>['mainIndex'], all: Widget[]) => void) {
  const client = searchClient();
  const search = instantsearch({
    indexName: 'cars',
    searchClient: client,
    initialUiState: { cars: { refinementList: { make: ['Kia'] }, range: { price: '10000:15000' } } },
  });
  search.start();
  add(search.mainIndex, widgets());
  await new Promise((resolve) => setTimeout(resolve, 20));
  const state = { parameters: JSON.parse(JSON.stringify(search.helper!.state)) as unknown, uiState: search.getUiState(), requests: client.requests };
  search.dispose();
  return state;
}

describe('adding the island’s widgets together', () => {
  it('leaves InstantSearch as one addition per widget does, with one search', async () => {
    const oneByOne = await started((index, all) => all.forEach((widget) => index.addWidgets([widget])));
    const together = await started((index, all) => {
      collectWidgetAdditions(index);
      all.forEach((widget) => index.addWidgets([widget]));
      expect(index.getWidgets()).toHaveLength(0);
      addCollectedWidgets(index);
    });
    expect(together).toEqual(oneByOne);
    expect(together.uiState.cars).toMatchObject({ refinementList: { make: ['Kia'] }, range: { price: '10000:15000' } });
  });

  it('adds in the order asked, once, and then adds at once again', () => {
    const added: string[][] = [];
    const index = { addWidgets: (widgets: string[]) => void added.push(widgets) };
    const own = index.addWidgets;
    collectWidgetAdditions(index);
    collectWidgetAdditions(index);
    index.addWidgets(['configure']);
    index.addWidgets(['make', 'price']);
    expect(added).toEqual([]);
    addCollectedWidgets(index);
    addCollectedWidgets(index);
    expect(added).toEqual([['configure', 'make', 'price']]);
    expect(index.addWidgets).toBe(own);
    index.addWidgets(['later']);
    expect(added).toEqual([['configure', 'make', 'price'], ['later']]);
  });
});
