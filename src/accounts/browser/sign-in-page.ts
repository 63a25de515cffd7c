/**
 * /sign-in (src/accounts/ui/SignInPage.astro): the emailed-code form in two steps, the emailed
 * link (`?token=`), a passkey where the browser has them, and a shopper who is already signed in
 * sent straight on. The steps themselves are in ./sign-in-flow.ts.
 */
import { readSignInTarget } from '../model/sign-in-target';
import { signInWords } from '../model/sign-in-words';
import { OFFLINE_ERROR } from './account-api';
import { getSession } from './account-calls';
import { clearRefusal, setBusy, showRefusal } from './form-ui';
import { hasPasskeys } from './has-passkeys';
import { loadAccountFields, type AccountFields } from './account-schemas';
import { askForCode, checkCode, checkLink, destination, type FlowResult } from './sign-in-flow';

/** The address bar without the emailed token: it is spent once used, and should not sit in history. */
export function withoutToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export function initSignInPage(doc: Document = document, win: Window = window): void {
  const root = doc.querySelector<HTMLElement>('[data-sign-in]');
  const siteSlug = root?.dataset.siteSlug;
  const emailForm = root?.querySelector<HTMLFormElement>('[data-sign-in-email]');
  const codeForm = root?.querySelector<HTMLFormElement>('[data-sign-in-code]');
  if (!root || !siteSlug || !emailForm || !codeForm) return;
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-part="${name}"]`);
  const status = part('status');
  const say = (text: string) => {
    if (status) status.textContent = text;
  };

  const target = readSignInTarget(win.location.search);
  const token = new URLSearchParams(win.location.search).get('token');
  if (token !== null) win.history.replaceState(win.history.state, '', win.location.pathname + withoutToken(win.location.search) + win.location.hash);

  const words = signInWords(target.type);
  const heading = part('heading');
  const line = part('line');
  if (heading) heading.textContent = words.heading;
  if (line) line.textContent = words.line;
  const back = part<HTMLAnchorElement>('back');
  if (back) back.href = target.back ?? '/';

  const emailInput = emailForm.querySelector<HTMLInputElement>('input[name="email"]');
  const codeInput = codeForm.querySelector<HTMLInputElement>('input[name="code"]');
  const codeEmail = part('code-email');
  let email = '';

  // The shared fields load as soon as the shopper reaches for a form, so they are there by submit.
  const preload = () => void loadAccountFields().catch(() => undefined);
  root.addEventListener('focusin', preload, { once: true });
  root.addEventListener('pointerdown', preload, { once: true });

  const schemas = async (form: HTMLFormElement): Promise<AccountFields | undefined> => {
    try {
      return await loadAccountFields();
    } catch {
      showRefusal(form, { error: OFFLINE_ERROR, fields: {} });
      return undefined;
    }
  };

  let leaving = false;
  const go = async (serverRedirect: string): Promise<void> => {
    leaving = true;
    say('You are signed in. Taking you on…');
    const to = await import('./device-list')
      .then(({ finishSignIn }) => finishSignIn(siteSlug, serverRedirect, target))
      // Offline just now: the saved cars merge when My Garage next opens.
      .catch(() => destination(serverRedirect, target));
    win.location.replace(to);
  };
  const showStep = (step: 'email' | 'code') => {
    emailForm.hidden = step !== 'email';
    codeForm.hidden = step !== 'code';
    (step === 'email' ? emailInput : codeInput)?.focus();
  };
  const submitting = async (
    form: HTMLFormElement,
    send: (schemas: AccountFields) => Promise<FlowResult<string>>,
    done: (value: string) => void | Promise<void>,
  ) => {
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button?.disabled || leaving) return;
    setBusy(button, true);
    clearRefusal(form);
    try {
      const loaded = await schemas(form);
      if (!loaded) return;
      const result = await send(loaded);
      if (result.ok) await done(result.value);
      else showRefusal(form, result);
    } finally {
      if (!leaving) setBusy(button, false);
    }
  };

  emailForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitting(
      emailForm,
      (loaded) => askForCode(emailInput?.value ?? '', target, { fields: loaded }),
      (address) => {
        email = address;
        if (codeEmail) codeEmail.textContent = address;
        if (codeInput) codeInput.value = '';
        showStep('code');
      },
    );
  });
  codeForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitting(codeForm, (loaded) => checkCode(email, codeInput?.value ?? '', { fields: loaded }), go);
  });
  part<HTMLButtonElement>('change-email')?.addEventListener('click', () => {
    clearRefusal(codeForm);
    say('');
    showStep('email');
  });
  part<HTMLButtonElement>('resend')?.addEventListener('click', (event) => {
    const button = event.currentTarget as HTMLButtonElement;
    setBusy(button, true);
    void (async () => {
      const loaded = await schemas(codeForm);
      const result = loaded ? await askForCode(email, target, { fields: loaded }) : undefined;
      setBusy(button, false);
      if (result?.ok) {
        clearRefusal(codeForm);
        say(`We sent a new code to ${email}.`);
      } else if (result) showRefusal(codeForm, result);
    })();
  });

  const passkey = part('passkey');
  const passkeyButton = part<HTMLButtonElement>('passkey-button');
  const passkeyAlert = part('passkey-alert');
  if (passkey && passkeyButton && hasPasskeys(win)) {
    passkey.hidden = false;
    passkeyButton.addEventListener('click', () => {
      if (leaving) return;
      setBusy(passkeyButton, true);
      if (passkeyAlert) passkeyAlert.textContent = '';
      import('./passkey')
        .then(({ signInWithPasskey }) => signInWithPasskey())
        .catch((): FlowResult<string> => ({ ok: false, error: OFFLINE_ERROR, fields: {} }))
        .then(async (result) => {
          if (result.ok) return go(result.value);
          setBusy(passkeyButton, false);
          if (passkeyAlert) passkeyAlert.textContent = result.error;
        })
        .catch(() => setBusy(passkeyButton, false));
    });
  }

  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-needs-script]')) button.disabled = false;

  if (token !== null) {
    // The emailed link: signing in needs nothing more from the shopper.
    emailForm.hidden = true;
    say('Signing you in…');
    void (async () => {
      const loaded = await schemas(emailForm);
      const result = loaded ? await checkLink(token, { fields: loaded }) : undefined;
      if (result?.ok) return go(result.value);
      say('');
      emailForm.hidden = false;
      if (result) showRefusal(emailForm, result);
    })();
    return;
  }
  void getSession().then((session) => {
    if (session.ok && session.value.signedIn && !leaving) {
      void go('');
    }
  });
}
