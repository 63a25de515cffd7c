import { describe, expect, it } from 'vitest';
import { readStored } from './storage';

describe('readStored', () => {
  const decode = (raw: string | null) => raw ?? 'nothing';

  it('decodes what the key holds', () => {
    const storage = { getItem: (key: string) => (key === 'k' ? 'held' : null) } as Storage;
    expect(readStored(storage, 'k', decode)).toBe('held');
    expect(readStored(storage, 'other', decode)).toBe('nothing');
  });

  it('reads refused access and no storage as nothing remembered', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(readStored(refusing, 'k', decode)).toBe('nothing');
    expect(readStored(undefined, 'k', decode)).toBe('nothing');
  });
});
