/**
 * The share menu: network links open in a 550×400 popup, email in the mail client,
 * and "Copy link" puts the page address on the clipboard.
 */
import { sharePopupFeatures } from '../../stock/model/car-page';

export function initShare(root: ParentNode = document, win: Window = window): void {
  root.querySelectorAll<HTMLElement>('[data-share]').forEach((share) => setUpShare(share, win));
}

function setUpShare(share: HTMLElement, win: Window): void {
  const toggle = share.querySelector<HTMLButtonElement>('[data-share-toggle]');
  const menu = share.querySelector<HTMLElement>('.car-share-menu');
  const status = share.querySelector<HTMLElement>('[data-share-status]');
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
  };
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    setOpen(open);
    if (open) menu.querySelector<HTMLElement>('a, button')?.focus();
  });
  share.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) {
      setOpen(false);
      toggle.focus();
    }
  });
  share.addEventListener('focusout', (event) => {
    if (!share.contains(event.relatedTarget as Node | null)) setOpen(false);
  });

  menu.querySelectorAll<HTMLAnchorElement>('[data-share-popup]').forEach((link) => {
    link.addEventListener('click', (event) => {
      const features = sharePopupFeatures({ left: win.screenX, top: win.screenY, width: win.outerWidth, height: win.outerHeight });
      const popup = win.open(link.href, 'share', features);
      // A blocked popup returns null: then the link opens in a new tab as written.
      if (!popup) return;
      popup.opener = null;
      event.preventDefault();
      setOpen(false);
    });
  });

  share.querySelector<HTMLButtonElement>('[data-share-copy]')?.addEventListener('click', () => {
    const url = share.dataset.shareUrl ?? win.location.href;
    const say = (text: string) => {
      if (status) status.textContent = text;
    };
    win.navigator.clipboard.writeText(url).then(
      () => say('Link copied'),
      () => say(`Copy this link: ${url}`),
    );
  });
}
