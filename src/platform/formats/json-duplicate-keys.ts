/**
 * Keys written twice in one JSON object. `JSON.parse` keeps the last silently, so a dealer file
 * with two `"enabled_pages"` in `features` would lose the first list without a word (two people
 * adding a page each is how it happens). The dealer-file loader refuses such a file instead.
 */

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
