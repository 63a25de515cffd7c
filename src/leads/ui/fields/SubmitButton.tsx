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
  // Served disabled: until the island hydrates, a click would submit the server-rendered form
  // natively, putting what the shopper typed into the page's URL.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <button type={type} className={`${className} lead-submit`} disabled={busy || disabled || !hydrated} aria-busy={busy || undefined} onClick={onClick}>
      {busy && <span className="lead-spinner" aria-hidden="true" />}
      <span>{label}</span>
      {busy && <span className="sr-only">{busyLabel}</span>}
    </button>
  );
}
