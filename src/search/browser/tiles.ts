/**
 * Body-type and facet tiles: the values with the most stock first, ties by name,
 * up to 4 tiles, or 20 where the site asks for custom body tiles.
 */
import { BODY_TILES } from '../model/state';

export interface TileItem {
  value: string;
  label: string;
  count: number;
  isRefined: boolean;
}

export function tileLimit(custom: boolean): number {
  return custom ? BODY_TILES.custom : BODY_TILES.standard;
}

/** Most stock first, then by name, at most `limit`. */
export function pickTiles<T extends TileItem>(items: readonly T[], limit: number): T[] {
  return [...items].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, limit);
}
