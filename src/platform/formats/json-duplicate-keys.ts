/**
 * Keys written twice in one JSON object. `JSON.parse` keeps the last silently, so a dealer file
 * with two `"enabled_pages"` in `features` would lose the first list without a word (two people
 * adding a page each is how it happens). The dealer-file loader refuses such a file instead.
 */

import type { Node } from 'jsonc-parser';

type Frame = { kind: 'object'; path: string; keys: Set<string>; key: string; expectKey: boolean } | { kind: 'array'; path: string; index: number };

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** Paths (`features.enabled_pages`, `locations[2].id`) of keys that appear again in the same object; `text` must be valid JSON. */
export function duplicateKeys(text: string): string[] {
  const found: string[] = [];
  const stack: Frame[] = [];
  const valuePath = (): string => {
    const top = stack.at(-1);
    if (!top) return '';
    return top.kind === 'object' ? join(top.path, top.key) : `${top.path}[${top.index}]`;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = stack.at(-1);
      if (top?.kind === 'object' && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) found.push(join(top.path, key));
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      i = end;
    } else if (c === '{') stack.push({ kind: 'object', path: valuePath(), keys: new Set(), key: '', expectKey: true });
    else if (c === '[') stack.push({ kind: 'array', path: valuePath(), index: 0 });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack.at(-1);
      if (top?.kind === 'object') top.expectKey = true;
      else if (top) top.index += 1;
    }
  }
  return found;
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
