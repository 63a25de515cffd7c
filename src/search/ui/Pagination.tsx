/**
 * Page links: real URLs (`/search/used-cars?page=2`) so they work without JavaScript and search
 * engines can follow them; with the island they page in place.
 */
import type { MouseEvent, ReactNode } from 'react';
import { usePagination } from 'react-instantsearch';

export interface PaginationViewProps {
  /** 0-based pages to show around the current one. */
  pages: readonly number[];
  current: number;
  total: number;
  href: (page: number) => string;
  onSelect: (page: number) => void;
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function PaginationView({ pages, current, total, href, onSelect }: PaginationViewProps) {
  if (total <= 1) return null;
  const link = (page: number, label: string, text: ReactNode, rel?: string) => (
    <a
      className="page-link"
      href={href(page)}
      aria-label={label}
      {...(rel ? { rel } : {})}
      {...(page === current ? { 'aria-current': 'page' as const } : {})}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onSelect(page);
      }}
    >
      {text}
    </a>
  );
  return (
    <nav className="search-pagination" aria-label="Pages of results">
      <ul>
        {current > 0 && <li>{link(current - 1, 'Previous page', '‹ Prev', 'prev')}</li>}
        {pages[0] !== undefined && pages[0] > 0 && <li>{link(0, 'Page 1', '1')}</li>}
        {pages[0] !== undefined && pages[0] > 1 && (
          <li aria-hidden="true" className="page-gap">
            …
          </li>
        )}
        {pages.map((page) => (
          <li key={page}>{link(page, `Page ${page + 1}`, String(page + 1))}</li>
        ))}
        {pages[pages.length - 1] !== undefined && (pages[pages.length - 1] ?? 0) < total - 2 && (
          <li aria-hidden="true" className="page-gap">
            …
          </li>
        )}
        {(pages[pages.length - 1] ?? 0) < total - 1 && <li>{link(total - 1, `Page ${total}`, String(total))}</li>}
        {current < total - 1 && <li>{link(current + 1, 'Next page', 'Next ›', 'next')}</li>}
      </ul>
    </nav>
  );
}

export function Pagination({ onPage }: { onPage?: () => void }) {
  const { pages, currentRefinement, nbPages, createURL, refine } = usePagination({ padding: 2 });
  return (
    <PaginationView
      pages={pages}
      current={currentRefinement}
      total={nbPages}
      href={createURL}
      onSelect={(page) => {
        refine(page);
        onPage?.();
      }}
    />
  );
}
