/**
 * /my-garage (src/garage/ui/MyGaragePage.astro): once the gate says who is signed in, fills the
 * account box, then loads each section on its own, so one slow or failing call leaves the rest
 * working: saved cars (./my-garage-cars.ts), saved searches (./my-garage-searches.ts), email
 * alerts, past enquiries. Signing out, or deleting the account, takes the account's saved list
 * off this device and replaces the page with what happened.
 */
import { ALERT_CONSENT_WORDING, type AlertSettings } from '../../accounts/model/paths';
import { OFFLINE_ERROR, type ApiResult } from '../../accounts/browser/account-api';
import { changeAlertSettings, deleteAccount, getAlertSettings, listEnquiries, signOut } from '../../accounts/browser/account-calls';
import { flushDeviceList, leaveDevice } from '../../accounts/browser/device-list';
import { setBusy } from '../../accounts/browser/form-ui';
import { initGate, type SignedIn } from '../../accounts/browser/gate';
import { hasPasskeys } from '../../accounts/browser/has-passkeys';
import { deletedLines, enquiriesStatus, enquiryDate, enquiryView } from '../model/my-garage';
import { garageSite, type GarageSite } from './garage-site';
import { initSavedCarsSection } from './my-garage-cars';
import { initSavedSearchesSection } from './my-garage-searches';
import { partOf } from './template';

const passkeyLine = (n: number): string =>
  n === 0 ? 'You have no passkeys yet.' : `You can sign in with ${n === 1 ? 'a passkey' : `any of your ${n} passkeys`} on this site.`;

export function consentLine(settings: AlertSettings, locale: string, timeZone?: string): string {
  if (!settings.consent) return '';
  const day = enquiryDate(settings.consent.at, locale, timeZone);
  return day ? `You agreed to alert emails on ${day}.` : '';
}

export async function initMyGaragePage(doc: Document = document, win: Window = window): Promise<void> {
  const root = doc.querySelector<HTMLElement>('[data-my-garage]');
  const site = root && garageSite(root);
  if (!root || !site) return;
  const account = await initGate(doc, win);
  const page = new MyGarage(root, site, account, win);
  page.start();
}

class MyGarage {
  private readonly timeZone: string | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly site: GarageSite,
    private account: SignedIn,
    private readonly win: Window,
  ) {
    this.timeZone = root.dataset.timeZone;
  }

  private part<T extends HTMLElement = HTMLElement>(name: string): T | null {
    return partOf<T>(this.root, name);
  }

  private text(name: string, value: string): void {
    const el = this.part(name);
    if (el) el.textContent = value;
  }

  /** The session ended while the page was open: the gate sends the shopper to sign in. */
  private readonly signedOut = (): void => {
    this.win.location.reload();
  };

  private wasSignedOut(result: ApiResult<unknown>): boolean {
    if (!result.ok && result.status === 401) this.signedOut();
    return !result.ok && result.status === 401;
  }

  start(): void {
    this.text('email', this.account.account.email);
    this.text('passkeys', passkeyLine(this.account.account.passkeys));
    this.wireAccount();
    this.wireDelete();
    const dealerName = this.part('garage')?.dataset.dealerName || 'The dealer';
    void initSavedCarsSection(this.root, this.site, { onSignedOut: this.signedOut, onInterestSent: () => void this.loadEnquiries(), dealerName });
    void initSavedSearchesSection(this.root, { onSignedOut: this.signedOut });
    void this.loadAlerts();
    void this.loadEnquiries();
  }

  private wireAccount(): void {
    for (const [name, everywhere] of [
      ['sign-out', false],
      ['sign-out-everywhere', true],
    ] as const) {
      const button = this.part<HTMLButtonElement>(name);
      button?.addEventListener('click', () => void this.signOut(everywhere, button));
    }
    const add = this.part<HTMLButtonElement>('add-passkey');
    if (add && hasPasskeys(this.win)) {
      add.hidden = false;
      add.addEventListener('click', () => {
        setBusy(add, true);
        this.text('account-alert', '');
        this.text('account-status', '');
        import('../../accounts/browser/passkey')
          .then(({ addPasskey }) => addPasskey())
          .catch(() => ({ ok: false as const, error: OFFLINE_ERROR, fields: {} }))
          .then((result) => {
            setBusy(add, false);
            if (!result.ok) return this.text('account-alert', result.error);
            const passkeys = this.account.account.passkeys + 1;
            this.account = { signedIn: true, account: { ...this.account.account, passkeys } };
            this.text('passkeys', passkeyLine(passkeys));
            this.text('account-status', 'Passkey added. Next time you can sign in with it instead of a code.');
          })
          .catch(() => setBusy(add, false));
      });
    }
  }

  private async signOut(everywhere: boolean, button: HTMLButtonElement): Promise<void> {
    setBusy(button, true);
    this.text('account-alert', '');
    // A change still waiting goes to the account before the session ends.
    await flushDeviceList(this.site.slug);
    const result = await signOut(everywhere);
    // 401: already signed out, which is what was asked.
    if (!result.ok && result.status !== 401) {
      setBusy(button, false);
      return this.text('account-alert', result.error);
    }
    leaveDevice(this.site.slug);
    const sessions = result.ok ? result.value : 1;
    this.showAfter(
      'You are signed out',
      everywhere ? [`Signed out of ${sessions === 1 ? '1 browser' : `${sessions} browsers`}, this one included.`] : [],
      'Your saved cars and searches stay with your account for when you sign in again.',
    );
  }

  private wireDelete(): void {
    const start = this.part<HTMLButtonElement>('delete-start');
    const confirm = this.part('delete-confirm');
    const yes = this.part<HTMLButtonElement>('delete-yes');
    const cancel = this.part<HTMLButtonElement>('delete-cancel');
    if (!start || !confirm || !yes || !cancel) return;
    const open = (on: boolean) => {
      confirm.hidden = !on;
      start.setAttribute('aria-expanded', String(on));
      (on ? yes : start).focus();
    };
    start.addEventListener('click', () => open(confirm.hidden));
    cancel.addEventListener('click', () => open(false));
    yes.addEventListener('click', () => {
      setBusy(yes, true);
      this.text('delete-alert', '');
      void deleteAccount().then((result) => {
        if (this.wasSignedOut(result)) return;
        if (!result.ok) {
          setBusy(yes, false);
          return this.text('delete-alert', result.error);
        }
        leaveDevice(this.site.slug);
        this.showAfter('Your account is deleted', deletedLines(result.value), result.value.kept);
      });
    });
  }

  /** Replaces the account's content with what just happened (signed out, deleted). */
  private showAfter(heading: string, lines: readonly string[], kept: string): void {
    const after = this.part('after');
    const garage = this.part('garage');
    if (!after || !garage) return;
    garage.replaceChildren();
    garage.hidden = true;
    this.text('after-heading', heading);
    const list = this.part('after-list');
    if (list) {
      list.replaceChildren(
        ...lines.map((line) => {
          const li = this.root.ownerDocument.createElement('li');
          li.textContent = line;
          return li;
        }),
      );
      list.hidden = lines.length === 0;
    }
    this.text('after-kept', kept);
    after.hidden = false;
    after.focus();
  }

  private async loadAlerts(): Promise<void> {
    const box = this.part<HTMLInputElement>('car-alerts');
    if (!box) return;
    const result = await getAlertSettings();
    if (this.wasSignedOut(result)) return;
    if (!result.ok) return this.text('alerts-alert', `Your alert settings could not be loaded: ${result.error}`);
    const show = (settings: AlertSettings) => {
      box.checked = settings.car_alerts;
      this.text('consent', consentLine(settings, this.site.locale, this.timeZone));
    };
    show(result.value);
    box.disabled = false;
    box.addEventListener('change', () => {
      const on = box.checked;
      box.disabled = true;
      this.text('alerts-alert', '');
      this.text('alerts-status', '');
      // Turning alerts on carries the words beside the box: they are the consent.
      const change = { car_alerts: on, ...(on ? { wording: ALERT_CONSENT_WORDING, page: this.win.location.pathname } : {}) };
      void changeAlertSettings(change).then((saved) => {
        box.disabled = false;
        if (this.wasSignedOut(saved)) return;
        if (!saved.ok) {
          box.checked = !on;
          return this.text('alerts-alert', saved.error);
        }
        show(saved.value);
        this.text('alerts-status', saved.value.car_alerts ? 'Alerts are on.' : 'Alerts are off.');
      });
    });
  }

  private async loadEnquiries(): Promise<void> {
    const list = this.part('enquiries');
    if (!list) return;
    const result = await listEnquiries();
    if (this.wasSignedOut(result)) return;
    if (!result.ok) return this.text('enquiries-status', enquiriesStatus({ error: result.error }, this.site.locale));
    const doc = this.root.ownerDocument;
    list.replaceChildren(
      ...result.value.map((enquiry) => {
        const view = enquiryView(enquiry, this.site.locale, this.timeZone);
        const li = doc.createElement('li');
        const what = doc.createElement('strong');
        what.textContent = view.what;
        li.append(what);
        if (view.car) {
          li.append(' · ');
          if (view.car.href) {
            const link = doc.createElement('a');
            link.href = view.car.href;
            link.textContent = view.car.name;
            li.append(link);
          } else li.append(view.car.name);
        }
        if (view.date) li.append(` · ${view.date}`);
        return li;
      }),
    );
    list.hidden = result.value.length === 0;
    this.text('enquiries-status', enquiriesStatus({ count: result.value.length }, this.site.locale));
  }
}
