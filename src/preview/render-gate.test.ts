import { describe, expect, it } from 'vitest';
import { createRenderGate } from './render-gate';

describe('createRenderGate', () => {
  it('renders one request at a time, fresh only when the version is new', async () => {
    const calls: string[] = [];
    let open = 0;
    const gate = createRenderGate<string>(async (dealer, render, { fresh }) => {
      calls.push(`${dealer}${fresh ? ' fresh' : ''}`);
      open += 1;
      expect(open).toBe(1);
      try {
        return await render();
      } finally {
        open -= 1;
      }
    });
    const slow = (value: string) => () => new Promise<string>((resolve) => setTimeout(() => resolve(value), 5));
    const answers = await Promise.all([gate.run('a', 1, slow('x')), gate.run('a', 1, slow('y')), gate.run('b', 2, slow('z'))]);
    expect(answers).toEqual(['x', 'y', 'z']);
    expect(calls).toEqual(['a fresh', 'a', 'b fresh']);
  });

  it('lets the next request through after one fails', async () => {
    const gate = createRenderGate<string>((_dealer, render) => render());
    await expect(gate.run('a', 1, () => Promise.reject(new Error('page failed')))).rejects.toThrow('page failed');
    await expect(gate.run('a', 1, () => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});
