import type { Ref } from 'react';
import './fields.css';

/**
 * The `company_website` trap: off screen and out of the tab order and accessibility tree, so
 * a person never fills it and a form-filling bot usually does. Read through `inputRef`.
 */
export function HoneypotField({ id, inputRef }: { id: string; inputRef: Ref<HTMLInputElement> }) {
  return (
    <div className="lead-honeypot" aria-hidden="true">
      <label htmlFor={id}>Company website</label>
      <input id={id} name="company_website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" ref={inputRef} />
    </div>
  );
}
