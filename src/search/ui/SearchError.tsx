/**
 * The notice shown while searches fail (SearchApp retries on its own). It loads with the chunk that
 * follows hydration (after-hydration.ts): nothing can fail before the island is live.
 */
export interface SearchErrorViewProps {
  /** Whether earlier results are still on screen. */
  showingEarlier: boolean;
  retrying: boolean;
  onRetry: () => void;
}

export function SearchErrorView({ showingEarlier, retrying, onRetry }: SearchErrorViewProps) {
  return (
    <div className="search-error" role="alert">
      <p>
        <strong>We couldn’t update the results.</strong> {showingEarlier ? 'You’re seeing the cars from your last search. ' : ''}We’ll keep trying.
      </p>
      <button type="button" className="button button-outline" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
