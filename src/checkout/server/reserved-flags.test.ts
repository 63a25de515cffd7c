import { describe, expect, it } from 'vitest';
import { mirrorReservedFlags, reservedChanges, type ReservedChange, type ReservedFlagIndex } from './reserved-flags';

describe('reserved flags in a real Meilisearch', () => {
  it('flags the newly held cars and clears cars no longer held, touching nothing else', () => {
    expect(reservedChanges(new Set(['1', '2']), new Set(['2', '3']))).toEqual([
      { id: '3', reserved: true },
      { id: '1', reserved: false },
    ]);
    expect(reservedChanges(new Set(['2']), new Set(['2']))).toEqual([]);
  });

  it('writes nothing when the index already agrees', async () => {
    const writes: ReservedChange[][] = [];
    const index: ReservedFlagIndex = {
      flaggedIds: () => Promise.resolve(new Set(['7'])),
      setReserved: (_uid, changes) => Promise.resolve(void writes.push([...changes])),
    };
    expect(await mirrorReservedFlags(index, 'dealer', new Set(['7']))).toEqual([]);
    expect(await mirrorReservedFlags(index, 'dealer', new Set())).toEqual([{ id: '7', reserved: false }]);
    expect(writes).toEqual([[{ id: '7', reserved: false }]]);
  });
});
