/**
 * Header dropdowns and the mobile drawer. Plain DOM code so pages without an island ship no
 * framework JavaScript. One dropdown is open at a time; the header carries `data-menu-open`
 * naming it, so styles (and tests) can see the state. The open drawer acts as a modal: the page
 * behind is dimmed and does not scroll, Tab cycles inside it, and one Escape closes it (with any
 * submenu open in it), giving focus back to the Menu button.
 */
export function initMenus(doc: Document = document): void {
  const header = doc.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  const nav = header.querySelector<HTMLElement>('[data-drawer]');
  const drawerToggle = header.querySelector<HTMLButtonElement>('[data-drawer-toggle]');
  const drawerClose = header.querySelector<HTMLButtonElement>('[data-drawer-close]');
  const backdrop = doc.querySelector<HTMLElement>('[data-drawer-backdrop]');
  let openToggle: HTMLButtonElement | null = null;

  const panelOf = (toggle: HTMLButtonElement) => doc.getElementById(toggle.getAttribute('aria-controls') ?? '');

  function closeMenu(focusToggle = false): void {
    if (!openToggle) return;
    const toggle = openToggle;
    toggle.setAttribute('aria-expanded', 'false');
    const panel = panelOf(toggle);
    if (panel) panel.hidden = true;
    delete header!.dataset.menuOpen;
    openToggle = null;
    if (focusToggle) toggle.focus();
  }

  function openMenu(toggle: HTMLButtonElement): void {
    if (openToggle && openToggle !== toggle) closeMenu();
    const panel = panelOf(toggle);
    if (!panel) return;
    toggle.setAttribute('aria-expanded', 'true');
    panel.hidden = false;
    header!.dataset.menuOpen = panel.id;
    openToggle = toggle;
  }

  const drawerIsOpen = () => nav?.classList.contains('is-open') ?? false;

  function setDrawer(open: boolean): void {
    if (!nav || !drawerToggle) return;
    nav.classList.toggle('is-open', open);
    drawerToggle.setAttribute('aria-expanded', String(open));
    doc.body.classList.toggle('body-locked', open);
    if (backdrop) backdrop.hidden = !open;
    if (open) drawerClose?.focus();
    else {
      closeMenu();
      drawerToggle.focus();
    }
  }

  // Listened for on the header, not on each toggle: the menu can be redrawn from the dealer's
  // live navigation after the page loads.
  const toggleOf = (event: Event) => (event.target as Element).closest<HTMLButtonElement>('.menu-toggle');
  header.addEventListener('keydown', (event) => {
    const toggle = toggleOf(event);
    if (!toggle || event.key !== 'ArrowDown') return;
    event.preventDefault();
    openMenu(toggle);
    panelOf(toggle)?.querySelector<HTMLAnchorElement>('a')?.focus();
  });

  header.addEventListener('click', (event) => {
    const toggle = toggleOf(event);
    if (toggle) {
      if (openToggle === toggle) closeMenu();
      else openMenu(toggle);
      return;
    }
    const link = (event.target as Element).closest('a');
    if (link && link.closest('.dropdown, .site-nav')) {
      closeMenu();
      if (drawerIsOpen()) setDrawer(false);
    }
  });

  // Focus leaving an open menu (Tab past its last link) closes it, as a click elsewhere does.
  header.addEventListener('focusout', (event) => {
    if (!openToggle || drawerIsOpen()) return;
    const item = openToggle.closest('[data-menu]');
    const next = event.relatedTarget as Node | null;
    if (item && next && !item.contains(next)) closeMenu();
  });

  doc.addEventListener('click', (event) => {
    if (openToggle && !header.contains(event.target as Node)) closeMenu();
  });

  // What Tab can reach in the open drawer: closed submenus are display:none, so they have no boxes.
  const focusable = () =>
    [...nav!.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled])')].filter((el) => el.getClientRects().length > 0);

  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Tab' && drawerIsOpen()) {
      const items = focusable();
      const active = doc.activeElement;
      const edge = event.shiftKey ? items[0] : items[items.length - 1];
      if (active === edge || !nav!.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? items[items.length - 1] : items[0])?.focus();
      }
    }
    if (event.key !== 'Escape') return;
    if (drawerIsOpen()) setDrawer(false);
    else if (openToggle) closeMenu(true);
  });

  drawerToggle?.addEventListener('click', () => setDrawer(!drawerIsOpen()));
  drawerClose?.addEventListener('click', () => setDrawer(false));
  backdrop?.addEventListener('click', () => setDrawer(false));
}
