/**
 * My Garage's saved searches: each a link back to the search, an email-alerts switch, rename
 * and delete. Every change goes to the account first and shows once the account has it; a
 * refused change puts the switch back and says why.
 */
import type { SavedSearch } from '../../accounts/model/paths';
import { checkFields } from '../../accounts/model/fields';
import { OFFLINE_ERROR, type ApiResult, type Fetch } from '../../accounts/browser/account-api';
import { changeSavedSearch, deleteSavedSearch, listSavedSearches } from '../../accounts/browser/account-calls';
import { loadAccountFields } from '../../accounts/browser/account-schemas';
import { clearRefusal, setBusy, showRefusal } from '../../accounts/browser/form-ui';
import { cloneWithIds, partOf, srOnly } from './template';

export interface SearchesSectionDeps {
  fetch?: Fetch;
  onSignedOut: () => void;
}

export async function initSavedSearchesSection(root: HTMLElement, deps: SearchesSectionDeps): Promise<void> {
  const doc = root.ownerDocument;
  const list = partOf(root, 'searches');
  const template = partOf<HTMLTemplateElement>(root, 'search');
  const empty = partOf(root, 'searches-empty');
  const status = partOf(root, 'searches-status');
  const alert = partOf(root, 'searches-alert');
  if (!list || !template) return;
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const complain = (text: string) => {
    if (alert) alert.textContent = text;
  };
  const signedOut = (result: ApiResult<unknown>): boolean => {
    if (!result.ok && result.status === 401) deps.onSignedOut();
    return !result.ok && result.status === 401;
  };
  const showEmpty = () => {
    list.hidden = list.children.length === 0;
    if (empty) empty.hidden = list.children.length > 0;
  };

  const item = (search: SavedSearch): HTMLElement => {
    const li = cloneWithIds(template, `search-${search.id}`);
    let current = search;
    const link = partOf<HTMLAnchorElement>(li, 'search-link');
    const alerts = partOf<HTMLInputElement>(li, 'search-alerts');
    const alertsLabel = li.querySelector<HTMLLabelElement>('label[for$="-alerts"]');
    const rename = partOf<HTMLButtonElement>(li, 'rename');
    const remove = partOf<HTMLButtonElement>(li, 'delete-search');
    const form = partOf<HTMLFormElement>(li, 'rename-form');
    const nameInput = form?.querySelector<HTMLInputElement>('input[name="name"]');
    const named = (value: SavedSearch) => {
      current = value;
      if (link) {
        link.href = value.path;
        link.textContent = value.name;
      }
      if (alerts) alerts.checked = value.alerts;
      alertsLabel?.querySelector('.sr-only')?.remove();
      alertsLabel?.append(srOnly(doc, ` for ${value.name}`));
      rename?.setAttribute('aria-label', `Rename ${value.name}`);
      remove?.setAttribute('aria-label', `Delete ${value.name}`);
    };
    named(search);

    alerts?.addEventListener('change', () => {
      const wanted = alerts.checked;
      alerts.disabled = true;
      complain('');
      void changeSavedSearch(current.id, { alerts: wanted }, deps.fetch).then((result) => {
        alerts.disabled = false;
        if (signedOut(result)) return;
        if (result.ok) {
          named(result.value);
          say(result.value.alerts ? `Alerts on for ${result.value.name}.` : `Alerts off for ${result.value.name}.`);
        } else {
          alerts.checked = !wanted;
          complain(result.error);
        }
      });
    });

    const closeRename = (focusButton: boolean) => {
      if (!form || !rename) return;
      form.hidden = true;
      rename.setAttribute('aria-expanded', 'false');
      if (focusButton) rename.focus();
    };
    rename?.addEventListener('click', () => {
      if (!form || !nameInput) return;
      const open = form.hidden;
      if (!open) return closeRename(true);
      clearRefusal(form);
      nameInput.value = current.name;
      form.hidden = false;
      rename.setAttribute('aria-expanded', 'true');
      nameInput.focus();
      nameInput.select();
    });
    partOf(li, 'rename-cancel')?.addEventListener('click', () => closeRename(true));
    form?.addEventListener('submit', (event) => {
      event.preventDefault();
      const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (button?.disabled) return;
      setBusy(button, true);
      clearRefusal(form);
      void (async () => {
        try {
          const fields = await loadAccountFields().catch(() => undefined);
          if (!fields) return void showRefusal(form, { error: OFFLINE_ERROR, fields: {} });
          const checked = checkFields({ name: [fields.searchNameField, nameInput?.value ?? ''] });
          if (!checked.ok) return void showRefusal(form, { error: '', fields: checked.fields });
          const result = await changeSavedSearch(current.id, checked.values, deps.fetch);
          if (signedOut(result)) return;
          if (!result.ok) return void showRefusal(form, { error: result.error, fields: result.fields ?? {} });
          named(result.value);
          closeRename(true);
          say(`Renamed to ${result.value.name}.`);
        } finally {
          setBusy(button, false);
        }
      })();
    });

    remove?.addEventListener('click', () => {
      setBusy(remove, true);
      complain('');
      void deleteSavedSearch(current.id, deps.fetch).then((result) => {
        setBusy(remove, false);
        if (signedOut(result)) return;
        if (!result.ok) return complain(result.error);
        li.remove();
        showEmpty();
        say(`Deleted ${current.name}.`);
        doc.getElementById('saved-searches-heading')?.focus();
      });
    });
    return li;
  };

  say('Loading your saved searches…');
  const result = await listSavedSearches(deps.fetch);
  if (signedOut(result)) return;
  say('');
  if (!result.ok) {
    complain(`Your saved searches could not be loaded: ${result.error}`);
    return;
  }
  list.replaceChildren(...result.value.map(item));
  showEmpty();
}
