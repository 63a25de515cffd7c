/**
 * Car photo gallery: thumbnail buttons and previous/next switch the main image. Thumbnails are
 * plain buttons (Enter and Space work as for any button); arrow keys, Home and End move along
 * the strip and show the photo, as in a toolbar.
 */
export function initGallery(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-gallery]').forEach(setUpGallery);
}

const STEP_KEYS: Record<string, (current: number, count: number) => number> = {
  ArrowRight: (i) => i + 1,
  ArrowDown: (i) => i + 1,
  ArrowLeft: (i) => i - 1,
  ArrowUp: (i) => i - 1,
  Home: () => 0,
  End: (_i, count) => count - 1,
};

function setUpGallery(gallery: HTMLElement): void {
  const main = gallery.querySelector<HTMLImageElement>('[data-gallery-main]');
  const thumbs = [...gallery.querySelectorAll<HTMLButtonElement>('[data-gallery-thumb]')];
  const counter = gallery.querySelector<HTMLElement>('[data-gallery-count]');
  if (!main || thumbs.length < 2) return;
  let current = Math.max(
    0,
    thumbs.findIndex((t) => t.getAttribute('aria-pressed') === 'true'),
  );

  const show = (index: number, focusThumb = false) => {
    const next = (index + thumbs.length) % thumbs.length;
    const thumb = thumbs[next];
    if (!thumb) return;
    const { src = '', srcset = '', alt = '' } = thumb.dataset;
    // srcset first: with a stale srcset the browser would keep showing the old photo.
    if (srcset) main.srcset = srcset;
    else main.removeAttribute('srcset');
    main.src = src;
    main.alt = alt;
    thumbs.forEach((t, i) => t.setAttribute('aria-pressed', String(i === next)));
    if (counter) counter.textContent = `${next + 1} / ${thumbs.length}`;
    current = next;
    if (focusThumb) {
      thumb.focus();
      thumb.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  };

  thumbs.forEach((thumb, i) => thumb.addEventListener('click', () => show(i)));
  gallery.querySelectorAll<HTMLButtonElement>('[data-gallery-step]').forEach((button) => {
    button.addEventListener('click', () => show(current + Number(button.dataset.galleryStep ?? 0)));
  });
  gallery.querySelector('[data-gallery-thumbs]')?.addEventListener('keydown', (event) => {
    const key = (event as KeyboardEvent).key;
    const step = STEP_KEYS[key];
    const from = thumbs.indexOf(document.activeElement as HTMLButtonElement);
    if (!step || from < 0) return;
    event.preventDefault();
    show(Math.min(thumbs.length - 1, Math.max(0, step(from, thumbs.length))), true);
  });
}
