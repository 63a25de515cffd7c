/**
 * The personalised finance page: reads the car from the address, asks the API for quotes (again
 * whenever the shopper changes deposit, term or credit profile and presses the button), and runs
 * the Equifax consent step. The same schemas as the server check what is sent; everything the API
 * answers is written as text, never as markup.
 *
 * A credit check is only for a signed-in shopper, even where the page itself is open to anyone:
 * a signed-out shopper who asks for one is shown a sign-in link (coming back here) instead of the
 * form, and so is one whose session ended before the check was sent.
 */
import { callAccountApi, type Fetch } from '../../accounts/browser/account-api';
import { clearRefusal, setBusy, showRefusal } from '../../accounts/browser/form-ui';
import { getSession } from '../../accounts/browser/account-calls';
import { initGate } from '../../accounts/browser/gate';
import { gateRedirect } from '../../accounts/model/gating';
import { regions, type Region } from '../../platform/config/regions';
import { isRecord } from '../../platform/formats/records';
import { formatMoney } from '../../platform/formats/region';
import { carIdField, creditCheckRequestSchemaFor, financePaths, quoteRequestSchemaFor } from '../model/quote';
import { BAND_LABELS, quoteTable, type QuoteAnswer } from '../model/quote-view';

/** The first message per field of a failed parse, as the API's envelope words it. */
export function issueFields(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export const readQuote = (body: unknown): QuoteAnswer | undefined =>
  isRecord(body) && Array.isArray(body.quotes) && isRecord(body.car) && typeof body.currency === 'string' ? (body as unknown as QuoteAnswer) : undefined;

const readCheck = (body: unknown): { id: string; band: string } | undefined =>
  isRecord(body) && typeof body.id === 'string' && typeof body.band === 'string' ? { id: body.id, band: body.band } : undefined;

/**
 * "$5,000" or "5 000" as 5000; anything else is NaN, which the schema refuses by name. (The hero's
 * parseAmount turns nonsense into 0, right for a budget guess, wrong for a deposit sent to a lender;
 * and importing it would split the search page's chunks.)
 */
export function wholeAmount(text: string): number {
  const digits = text.trim().replace(/[$,\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/** A form field's text ('' for a file or a missing field). */
const textOf = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** The quote request the form describes: the credit check's band once there is one, else the chosen profile. */
export function quoteBody(form: HTMLFormElement, creditCheckId: string | undefined): Record<string, unknown> {
  const data = new FormData(form);
  return {
    car_id: textOf(data, 'car_id'),
    deposit: wholeAmount(textOf(data, 'deposit')),
    term_months: Number(textOf(data, 'term_months')),
    ...(creditCheckId ? { credit_check_id: creditCheckId } : { credit_profile: textOf(data, 'credit_profile') }),
  };
}

function renderQuote(root: HTMLElement, answer: QuoteAnswer, region: Region, locale: string): void {
  const doc = root.ownerDocument;
  const table = quoteTable(answer, region, locale);
  const results = root.querySelector<HTMLElement>('[data-quote-results]');
  const head = root.querySelector<HTMLElement>('[data-quote-head]');
  const rows = root.querySelector<HTMLElement>('[data-quote-rows]');
  const notes = root.querySelector<HTMLElement>('[data-quote-notes]');
  const none = root.querySelector<HTMLElement>('[data-quote-none]');
  const caption = root.querySelector<HTMLElement>('[data-quote-caption]');
  if (!results || !head || !rows || !notes || !none || !caption) return;
  caption.textContent = `Quotes for ${answer.car.name}`;
  head.replaceChildren(
    ...table.headings.map((h) => {
      const th = doc.createElement('th');
      th.scope = 'col';
      th.textContent = h;
      return th;
    }),
  );
  rows.replaceChildren(
    ...table.rows.map((cells) => {
      const tr = doc.createElement('tr');
      cells.forEach((text, i) => {
        const cell = doc.createElement(i === 0 ? 'th' : 'td');
        if (i === 0) cell.setAttribute('scope', 'row');
        cell.textContent = text;
        // Rate and comparison rate (AU) share one style: equally prominent.
        if (/(interest rate|comparison rate|apr)$/i.test(table.headings[i] ?? '')) cell.className = 'finance-rate';
        cell.dataset.label = table.headings[i] ?? '';
        tr.append(cell);
      });
      return tr;
    }),
  );
  none.hidden = table.rows.length > 0;
  notes.replaceChildren(
    ...table.notes.map((text) => {
      const p = doc.createElement('p');
      p.textContent = text;
      return p;
    }),
  );
  results.hidden = false;
}

export async function initFinancePage(doc: Document = document, win: Window = window, fetcher: Fetch = fetch): Promise<void> {
  const root = doc.querySelector<HTMLElement>('[data-finance-page]');
  if (!root) return;
  // Whether the shopper is signed in, once known: the gate says so, or the first credit check asks.
  let signedIn: boolean | undefined;
  if (doc.querySelector('[data-gate]')) signedIn = Boolean(await initGate(doc, win));
  const region = regions.find((r) => r === root.dataset.region) ?? 'AU';
  const locale = root.dataset.locale ?? 'en-AU';
  const form = root.querySelector<HTMLFormElement>('[data-quote-form]');
  const body = root.querySelector<HTMLElement>('[data-finance-body]');
  const noCar = root.querySelector<HTMLElement>('[data-finance-nocar]');
  const carLine = root.querySelector<HTMLElement>('[data-finance-car]');
  if (!form || !body || !noCar || !carLine) return;

  const carId = new URLSearchParams(win.location.search).get('car_id') ?? '';
  if (!carIdField.safeParse(carId).success) {
    body.hidden = true;
    noCar.hidden = false;
    return;
  }
  (form.elements.namedItem('car_id') as HTMLInputElement).value = carId;
  let creditCheckId: string | undefined;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const quoteRequestSchema = quoteRequestSchemaFor(region);

  const quote = async (): Promise<void> => {
    clearRefusal(form);
    const parsed = quoteRequestSchema.safeParse(quoteBody(form, creditCheckId));
    if (!parsed.success) {
      showRefusal(form, { error: 'Please check the highlighted fields', fields: issueFields(parsed.error) });
      return;
    }
    setBusy(submit, true);
    const result = await callAccountApi(financePaths.quote, { method: 'POST', body: parsed.data }, readQuote, fetcher);
    setBusy(submit, false);
    if (!result.ok) {
      showRefusal(form, { error: result.error, fields: result.fields ?? {} });
      return;
    }
    const { car } = result.value;
    carLine.textContent = `${car.name}: ${formatMoney(car.price, locale, result.value.currency)}`;
    renderQuote(root, result.value, region, locale);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void quote();
  });

  const open = root.querySelector<HTMLButtonElement>('[data-equifax-open]');
  const check = root.querySelector<HTMLFormElement>('[data-equifax-form]');
  const signInNote = root.querySelector<HTMLElement>('[data-equifax-sign-in]');
  /** Shows the sign-in link in place of the form; signing in comes back to this page and car. */
  const askToSignIn = (): void => {
    if (check) check.hidden = true;
    open?.setAttribute('aria-expanded', 'false');
    if (!signInNote) return;
    const here = win.location.pathname + win.location.search;
    const link = signInNote.querySelector<HTMLAnchorElement>('a');
    if (link) link.href = gateRedirect('equifax_finance', here, here);
    signInNote.hidden = false;
    link?.focus();
  };
  open?.addEventListener('click', () => {
    void (async () => {
      if (!check) return;
      if (check.hidden && signedIn !== true) {
        const session = await getSession(fetcher);
        // No answer: the form opens, and the check itself will say if a sign-in is needed.
        if (session.ok) signedIn = session.value.signedIn;
        if (signedIn === false) {
          askToSignIn();
          return;
        }
      }
      check.hidden = !check.hidden;
      open.setAttribute('aria-expanded', String(!check.hidden));
      if (!check.hidden) check.querySelector<HTMLInputElement>('input')?.focus();
    })();
  });
  check?.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      clearRefusal(check);
      const data = new FormData(check);
      const request = {
        consent: data.get('consent') === 'on',
        first_name: textOf(data, 'first_name'),
        last_name: textOf(data, 'last_name'),
        date_of_birth: textOf(data, 'date_of_birth'),
        postcode: textOf(data, 'postcode'),
        page: win.location.pathname + win.location.search,
      };
      const parsed = creditCheckRequestSchemaFor(region).safeParse(request);
      if (!parsed.success) {
        showRefusal(check, { error: 'Please check the highlighted fields', fields: issueFields(parsed.error) });
        return;
      }
      const button = check.querySelector<HTMLButtonElement>('button[type="submit"]');
      setBusy(button, true);
      const result = await callAccountApi(financePaths.creditCheck, { method: 'POST', body: parsed.data }, readCheck, fetcher);
      setBusy(button, false);
      if (!result.ok && result.status === 401) {
        signedIn = false;
        askToSignIn();
        return;
      }
      if (!result.ok) {
        showRefusal(check, { error: result.error, fields: result.fields ?? {} });
        return;
      }
      creditCheckId = result.value.id;
      check.reset();
      check.hidden = true;
      open?.setAttribute('aria-expanded', 'false');
      const profile = root.querySelector<HTMLFieldSetElement>('[data-profile-choice]');
      if (profile) profile.hidden = true;
      const band = root.querySelector<HTMLElement>('[data-band-line]');
      if (band) {
        band.textContent = `Equifax credit band: ${BAND_LABELS[result.value.band] ?? result.value.band}. Your quotes use it.`;
        band.hidden = false;
      }
      await quote();
    })();
  });

  await quote();
}
