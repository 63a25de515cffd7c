/**
 * The filter panel: a sidebar from 992 px (the large breakpoint), a drawer below that. Open, it
 * is a modal dialog: focus moves in, Tab stays inside, Escape closes, the page behind does not
 * scroll, and 'Show Me N vehicles' closes it onto the results.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './Icon';
import { useAnimatedCount, useMediaQuery } from './hooks';

export const DRAWER_QUERY = '(max-width: 991.98px)';

export interface FilterDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  count: number | undefined;
  formatCount: (count: number) => string;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

export function FilterDrawer({ id, open, onClose, count, formatCount, children }: FilterDrawerProps) {
  const isDrawer = useMediaQuery(DRAWER_QUERY);
  const modal = isDrawer && open;
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const shown = useAnimatedCount(count);

  useEffect(() => {
    if (!modal) return undefined;
    document.body.classList.add('body-locked');
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove('body-locked');
      document.removeEventListener('keydown', onKey);
    };
  }, [modal, onClose]);

  return (
    <>
      {modal && <div className="filters-backdrop" aria-hidden="true" onClick={onClose} />}
      <div
        id={id}
        ref={panel}
        className={`search-filters${open ? ' is-open' : ''}`}
        {...(modal ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': `${id}-title` } : {})}
      >
        <div className="filters-head">
          <h2 id={`${id}-title`} className="filters-title">
            Filter results
          </h2>
          <button type="button" ref={closeButton} className="icon-button filters-close" aria-label="Close filters" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="filters-body">{children}</div>
        <div className="filters-foot">
          <button type="button" className="button button-brand show-me" onClick={onClose}>
            {shown === undefined ? 'Show vehicles' : `Show Me ${formatCount(shown)} ${shown === 1 ? 'vehicle' : 'vehicles'}`}
          </button>
        </div>
      </div>
    </>
  );
}
