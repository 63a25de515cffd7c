/**
 * Car photo gallery: thumbnail buttons and previous/next switch the main image. Thumbnails are
 * plain buttons (Enter and Space work as for any button); arrow keys, Home and End move along
 * the strip and show the photo, as in a toolbar. A sideways swipe on the photo moves along too
 * (../model/swipe.ts). 'Enlarge photo' opens it in a modal <dialog> over the whole screen, with
 * the same previous/next, swipe and arrow keys; Escape or Close shuts it and focus returns to
 * the button, as the browser's own dialog does.
 */
import { swipeStep } from '../model/swipe';

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
  const counters = [...gallery.querySelectorAll<HTMLElement>('[data-gallery-count]')];
  const large = gallery.querySelector<HTMLDialogElement>('[data-gallery-large]');
  const largeImage = large?.querySelector<HTMLImageElement>('[data-gallery-large-image]');
  if (main && large && largeImage) setUpEnlarge(gallery, main, large, largeImage);
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
    for (const counter of counters) counter.textContent = `${next + 1} / ${thumbs.length}`;
    if (large?.open && largeImage) copyPhoto(main, largeImage);
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
  for (const surface of [main.parentElement, large]) {
    if (!surface) continue;
    // A mouse drawn across a photo would otherwise start dragging the image, cancelling the swipe.
    surface.addEventListener('dragstart', (event) => event.preventDefault());
    let start: { x: number; y: number } | undefined;
    surface.addEventListener('pointerdown', (event) => {
      start = { x: event.clientX, y: event.clientY };
    });
    surface.addEventListener('pointerup', (event) => {
      const step = start ? swipeStep(event.clientX - start.x, event.clientY - start.y) : 0;
      start = undefined;
      if (step !== 0) show(current + step);
    });
    surface.addEventListener('pointercancel', () => (start = undefined));
  }
  large?.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    show(current + step);
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

/** The enlarged view shows the photo the gallery shows, at the largest size its srcset offers. */
function copyPhoto(from: HTMLImageElement, to: HTMLImageElement): void {
  if (from.srcset) to.srcset = from.srcset;
  else to.removeAttribute('srcset');
  to.sizes = '100vw';
  to.src = from.currentSrc || from.src;
  to.alt = from.alt;
}

function setUpEnlarge(gallery: HTMLElement, main: HTMLImageElement, large: HTMLDialogElement, largeImage: HTMLImageElement): void {
  const open = (): void => {
    if (large.open) return;
    copyPhoto(main, largeImage);
    large.showModal();
  };
  gallery.querySelector('[data-gallery-enlarge]')?.addEventListener('click', open);
  // A click (or tap) on the photo itself enlarges it too; a swipe does not.
  let down: { x: number; y: number } | undefined;
  main.addEventListener('pointerdown', (event) => (down = { x: event.clientX, y: event.clientY }));
  main.addEventListener('click', (event) => {
    if (!down || Math.hypot(event.clientX - down.x, event.clientY - down.y) < 10) open();
  });
  large.querySelector('[data-gallery-close]')?.addEventListener('click', () => large.close());
  // A click on the backdrop (the dialog itself, outside its contents) closes it.
  large.addEventListener('click', (event) => {
    if (event.target === large) large.close();
  });
}
