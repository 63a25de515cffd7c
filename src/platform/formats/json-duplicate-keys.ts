/**
 * Keys written twice in one JSON object. `JSON.parse` keeps the last silently, so a dealer file
 * with two `"enabled_pages"` in `features` would lose the first list without a word (two people
 * adding a page each is how it happens). The dealer-file loader refuses such a file instead.
 * Read from jsonc-parser's tree, which keeps every key with its offset, so the message can say
 * where the second one is.
 */

import { parseTree, type Node } from 'jsonc-parser';

/** `features.enabled_pages`, `locations[2].id` from a JSON path. */
function pathText(at: readonly (string | number)[]): string {
  let out = '';
  for (const segment of at) out += typeof segment === 'number' ? `[${segment}]` : out ? `.${segment}` : segment;
  return out;
}

/** Paths (`features.enabled_pages`, `locations[2].id`) of keys that appear again in the same object; `text` must be valid JSON. */
export function duplicateKeys(text: string): string[] {
  return duplicateKeysInTree(parseTree(text)).map((twice) => pathText(twice.path));
}

export interface DuplicateKeyAt {
  /** The JSON path of the second (and any later) key of that name. */
  path: (string | number)[];
  /** Character offsets of that key and of the first one, for line and column. */
  offset: number;
  firstOffset: number;
}

/**
 * The same check on a parsed tree (jsonc-parser's, which keeps every key and its offset), so the
 * message can say where the second key is written and where the first one was.
 */
export function duplicateKeysInTree(root: Node | undefined): DuplicateKeyAt[] {
  const found: DuplicateKeyAt[] = [];
  const walk = (node: Node, at: (string | number)[]): void => {
    if (node.type === 'object') {
      const seen = new Map<string, number>();
      for (const property of node.children ?? []) {
        const [keyNode, value] = property.children ?? [];
        if (!keyNode) continue;
        const key = String(keyNode.value);
        const first = seen.get(key);
        if (first !== undefined) found.push({ path: [...at, key], offset: keyNode.offset, firstOffset: first });
        else seen.set(key, keyNode.offset);
        if (value) walk(value, [...at, key]);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, i) => walk(child, [...at, i]));
    }
  };
  if (root) walk(root, []);
  return found;
}
