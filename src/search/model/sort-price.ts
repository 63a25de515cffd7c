/**
 * Price-on-application cars (price 0 or none) belong after every priced car whether the shopper
 * sorts by price up or down. Meilisearch, like the embedded engine, puts documents lacking the sort
 * attribute last in both directions, so each search document carries `sort_price` only when it has
 * a price, and a price sort asks for `sort_price`. `price` itself stays as it is: cards show it and
 * the price filters and the budget rule ("price above 1000") read it.
 */

export const SORT_PRICE = 'sort_price';

/** The car as indexed: with `sort_price` when it has a price to sort by. */
export function withSortPrice<T extends { price?: number | null }>(car: T): T & { sort_price?: number } {
  const { price } = car;
  return typeof price === 'number' && price > 0 ? { ...car, sort_price: price } : car;
}

/** The sort the index is asked for: a price sort goes to `sort_price`; anything else as it is. */
export function indexSort(sort: readonly string[]): string[] {
  return sort.map((criterion) => (/^price:(asc|desc)$/.test(criterion) ? `${SORT_PRICE}${criterion.slice('price'.length)}` : criterion));
}
