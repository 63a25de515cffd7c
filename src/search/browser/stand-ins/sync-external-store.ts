/**
 * Stands in for the `use-sync-external-store` shim that react-instantsearch-core imports for
 * React 17 and older (src/search/browser/bundle-stand-ins.ts): React 19 has the hook itself.
 */
export { useSyncExternalStore } from 'react';
