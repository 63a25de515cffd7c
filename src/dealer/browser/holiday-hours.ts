import { todayIn } from '../../platform/formats/zoned-time';

/** Opens holiday-hours dialogs and re-applies 'today or later' / 'Today' at view time. */
export function initHolidayHours(doc: Document = document): void {
  doc.querySelectorAll<HTMLElement>('[data-holiday-hours]').forEach((block) => {
    const today = todayIn(block.dataset.timeZone ?? 'UTC');
    block.querySelectorAll<HTMLElement>('[data-date]').forEach((row) => {
      const date = row.dataset.date ?? '';
      if (date < today) row.hidden = true;
      const label = row.querySelector('[data-date-label]');
      if (date === today && label) label.textContent = 'Today';
    });
    const button = block.querySelector<HTMLButtonElement>('[data-holiday-open]');
    const dialog = doc.getElementById(button?.dataset.holidayOpen ?? '');
    if (button && dialog instanceof HTMLDialogElement) button.addEventListener('click', () => dialog.showModal());
    block.toggleAttribute('data-empty', !block.querySelector('[data-date]:not([hidden])'));
  });
}
