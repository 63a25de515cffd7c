/**
 * Adding the search island's widgets to InstantSearch in one call as the island mounts.
 *
 * react-instantsearch adds each widget to its index in the widget's own layout effect, and the
 * index works out the search parameters of every widget it holds at each addition (and its helper
 * tells every listener of the change): with the thirty-odd widgets of a search page that is about
 * a thousand parameter computations in the task that finishes hydration, a long task on a slow
 * phone. Collected while the island's widgets mount and made as one addition, the index does that
 * work once, in the same order: what InstantSearch's own `addWidgets([...])` of a whole page does.
 * The build's prerender (src/search/ui/prerender.ts) collects the same way while its first render
 * discovers the widgets.
 */

/** An InstantSearch index widget, as far as adding widgets goes. */
export interface WidgetIndex<W> {
  addWidgets: (widgets: W[]) => unknown;
}

interface Collection<W> {
  /** The index's own method, put back when the collection is added. */
  add: WidgetIndex<W>['addWidgets'];
  widgets: W[];
}

const collections = new WeakMap<object, unknown>();

/** From now until `addCollectedWidgets`, widgets added to `index` are collected instead. Twice is once. */
export function collectWidgetAdditions<W>(index: WidgetIndex<W>): void {
  if (collections.has(index)) return;
  const collection: Collection<W> = { add: index.addWidgets, widgets: [] };
  collections.set(index, collection);
  index.addWidgets = (widgets) => {
    collection.widgets.push(...widgets);
    return index;
  };
}

/** Adds what was collected for `index` in one call, in the order it came, and stops collecting. */
export function addCollectedWidgets<W>(index: WidgetIndex<W>): void {
  const collection = collections.get(index) as Collection<W> | undefined;
  if (!collection) return;
  collections.delete(index);
  index.addWidgets = collection.add;
  if (collection.widgets.length > 0) index.addWidgets(collection.widgets);
}
