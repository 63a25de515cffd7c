import './fields.css';

export interface SubmitButtonProps {
  /** Button text, already worded ('Send Enquiry', 'Sign Up for Latest Offers', 'Submit'). */
  label: string;
  /** While a submission is in flight: disabled, spinner shown, aria-busy. */
  busy: boolean;
  /** Said to screen readers while busy; defaults to 'Sending…'. */
  busyLabel?: string;
  /** Disabled for another reason (e.g. not hydrated yet). */
  disabled?: boolean;
  /** Button classes; defaults to 'button button-brand'. */
  className?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
}

export function SubmitButton({ label, busy, busyLabel = 'Sending…', disabled, className = 'button button-brand', type = 'submit', onClick }: SubmitButtonProps) {
  return (
    <button type={type} className={`${className} lead-submit`} disabled={busy || disabled} aria-busy={busy || undefined} onClick={onClick}>
      {busy && <span className="lead-spinner" aria-hidden="true" />}
      <span>{label}</span>
      {busy && <span className="sr-only">{busyLabel}</span>}
    </button>
  );
}
