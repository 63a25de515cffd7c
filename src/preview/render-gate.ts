/**
 * Renders the preview's pages one at a time, as the dealer the watcher last found good.
 *
 * The pages read the dealer from `site` (src/platform/config/current.ts), which holds one dealer
 * and its per-render values (stock, vocabulary, feeds) at a time and refuses to switch while a
 * render is open. A preview serves one editor, so requests simply take turns: when the state's
 * version has gone up since the last page, the next one starts a fresh render (the dealer file,
 * stock and assets read again); otherwise it reuses what the last page worked out.
 */
export interface RenderAs<D> {
  (dealer: D, render: () => Promise<unknown>, options: { fresh?: boolean }): Promise<unknown>;
}

export interface RenderGate<D> {
  /** Runs `render` as `dealer` once every earlier render has finished; fresh when `version` is new. */
  run<T>(dealer: D, version: number, render: () => Promise<T>): Promise<T>;
}

export function createRenderGate<D>(renderAs: RenderAs<D>): RenderGate<D> {
  let turn: Promise<unknown> = Promise.resolve();
  let rendered: number | undefined;
  return {
    run<T>(dealer: D, version: number, render: () => Promise<T>): Promise<T> {
      const mine = turn.then(async () => {
        const fresh = rendered !== version;
        rendered = version;
        return (await renderAs(dealer, render, { fresh })) as T;
      });
      // The next request waits for this one, whether it answered or failed.
      turn = mine.catch(() => undefined);
      return mine;
    },
  };
}
