import { useEffect, useState } from 'react';
import './fields.css';

export interface SubmitButtonProps {
  /** Button text, already worded ('Send Enquiry', 'Sign Up for Latest Offers', 'Submit'). */
  label: string;
  /** While a submission is in flight: disabled, spinner shown, aria-busy. */
  busy: boolean;
  /** Said to screen readers while busy; defaults to 'Sending…'. */
  busyLabel?: string;
  /** Disabled for another reason (e.g. the form's fields are). */
  disabled?: boolean;
  /** Button classes; defaults to 'button button-brand'. */
  className?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
}

export function SubmitButton({
  label,
  busy,
  busyLabel = 'Sending…',
  disabled,
  className = 'button button-brand',
  type = 'submit',
  onClick,
}: SubmitButtonProps) {
  // Served ready to use, marked waking: until the island hydrates, the client:interaction
  // directive holds a click on it (a native submit would put what the shopper typed into the
  // page's URL) and makes it again once the island is live (platform/astro/hydrate-on-interaction.ts).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <button
      type={type}
      className={`${className} lead-submit`}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      data-waking={hydrated ? undefined : ''}
      onClick={onClick}
    >
      {busy && <span className="lead-spinner" aria-hidden="true" />}
      <span>{label}</span>
      {busy && <span className="sr-only">{busyLabel}</span>}
    </button>
  );
}
