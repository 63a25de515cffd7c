/**
 * A copy of a `<template>`'s first element with its own ids: a control marked `data-id="x"`
 * becomes `#<prefix>-x`, a `data-for="x"` label points at it, and a `data-id-error="x"` message
 * becomes `#<prefix>-x-error` and describes the control. One template then serves every row.
 */
export function cloneWithIds(template: HTMLTemplateElement, prefix: string): HTMLElement {
  const root = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  for (const control of root.querySelectorAll<HTMLElement>('[data-id]')) {
    const id = `${prefix}-${control.dataset.id}`;
    control.id = id;
    const error = root.querySelector<HTMLElement>(`[data-id-error="${control.dataset.id}"]`);
    if (error) {
      error.id = `${id}-error`;
      control.setAttribute('aria-describedby', error.id);
    }
  }
  for (const label of root.querySelectorAll<HTMLLabelElement>('label[data-for]')) label.htmlFor = `${prefix}-${label.dataset.for}`;
  return root;
}

/** An element's part by name (`data-part`). */
export const partOf = <T extends HTMLElement = HTMLElement>(root: ParentNode, name: string): T | null => root.querySelector<T>(`[data-part="${name}"]`);

/** Words for a screen reader only, added to a control's visible text. */
export function srOnly(doc: Document, text: string): HTMLSpanElement {
  const span = doc.createElement('span');
  span.className = 'sr-only';
  span.textContent = text;
  return span;
}
