/**
 * "Save this search" on result pages (src/accounts/ui/SaveSearch.astro). The search page is at
 * its JavaScript budget, so the page carries only a click listener; this module loads on the
 * first press. Signed in: a small form names the search (the results' heading by default) and
 * saves the address as it is now, filters and all. Signed out: to sign-in, and back to this
 * search afterwards.
 */
import { searchNameOf } from '../model/saved-search';
import { checkFields } from '../model/fields';
import { signInHref } from '../model/sign-in-target';
import { OFFLINE_ERROR, type Fetch } from './account-api';
import { createSavedSearch, getSession } from './account-calls';
import { loadAccountFields } from './account-schemas';
import { clearRefusal, setBusy, showRefusal, type Refusal } from './form-ui';

export interface SaveSearchDeps {
  fetch?: Fetch;
  location: Pick<Location, 'pathname' | 'search' | 'assign'>;
}

export type SaveOutcome = { ok: true; name: string } | ({ ok: false } & Refusal);

/** Checks and saves: the same schema as the API, the address as it is now. */
export async function saveSearch(name: string, path: string, fetcher?: Fetch): Promise<SaveOutcome> {
  const fields = await loadAccountFields().catch(() => undefined);
  if (!fields) return { ok: false, error: OFFLINE_ERROR, fields: {} };
  const checked = checkFields({ name: [fields.searchNameField, name], path: [fields.searchPathField, path] });
  if (!checked.ok) {
    // The address is not the shopper's to fix: say it in the form's alert.
    const { path: pathError, ...rest } = checked.fields;
    return { ok: false, error: pathError ?? '', fields: rest };
  }
  const result = await createSavedSearch({ ...checked.values, alerts: false }, fetcher);
  return result.ok ? { ok: true, name: result.value.name } : { ok: false, error: result.error, fields: result.fields ?? {} };
}

/** Pressing the button: open the form when signed in, else off to sign-in. Answers what happened. */
export async function startSaveSearch(deps: SaveSearchDeps): Promise<'open' | 'sign-in' | Refusal> {
  const session = await getSession(deps.fetch);
  if (!session.ok) return { error: session.error, fields: {} };
  if (session.value.signedIn) return 'open';
  const here = deps.location.pathname + deps.location.search;
  deps.location.assign(signInHref({ type: 'my-garage', redirect: here, back: here }));
  return 'sign-in';
}

const wired = new WeakSet<HTMLElement>();

export async function openSaveSearch(button: HTMLButtonElement, doc: Document = document, win: Window = window): Promise<void> {
  const root = button.closest<HTMLElement>('[data-save-search]');
  const form = root?.querySelector<HTMLFormElement>('form');
  const input = form?.querySelector<HTMLInputElement>('input[name="name"]');
  const status = root?.querySelector<HTMLElement>('[data-part="status"]');
  if (!root || !form || !input || !status) return;
  const close = () => {
    form.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  };
  if (!wired.has(root)) {
    wired.add(root);
    root.querySelector('[data-part="cancel"]')?.addEventListener('click', () => {
      close();
      button.focus();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (submit?.disabled) return;
      setBusy(submit, true);
      clearRefusal(form);
      void saveSearch(input.value, win.location.pathname + win.location.search).then((outcome) => {
        setBusy(submit, false);
        if (!outcome.ok) return void showRefusal(form, outcome);
        close();
        status.textContent = `Saved “${outcome.name}” to My Garage.`;
        button.focus();
      });
    });
  }
  if (!form.hidden) {
    close();
    return;
  }
  status.textContent = '';
  setBusy(button, true);
  const outcome = await startSaveSearch({ location: win.location });
  setBusy(button, false);
  if (outcome === 'open') {
    clearRefusal(form);
    input.value = searchNameOf(doc.querySelector('.search-head h1')?.textContent);
    form.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    input.focus();
    input.select();
  } else if (outcome !== 'sign-in') status.textContent = outcome.error;
}
