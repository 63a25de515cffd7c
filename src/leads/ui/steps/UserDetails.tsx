/** The User Details step shared by the finance, service and trade-in forms; which fields show follows the form's schema. */
import { CheckboxField, TextField } from '../fields';

export interface UserDetailsProps {
  idPrefix: string;
  /** The dealer's opt-in wording (`leads.consent_text`). */
  consentText: string;
  middleName?: boolean;
  postcode?: boolean;
  region: 'AU' | 'NZ' | 'US';
  /** The privacy and credit-enquiry box's label, when the form has one; it must be ticked to send. */
  terms?: string;
}

export function UserDetails({ idPrefix, consentText, middleName = false, postcode = false, region, terms }: UserDetailsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <div className="grid grid-2">
        <TextField id={id('first_name')} name="first_name" label="First Name" required autoComplete="given-name" maxLength={100} />
        {middleName && <TextField id={id('middle_name')} name="middle_name" label="Middle Name" autoComplete="additional-name" maxLength={100} />}
        <TextField id={id('last_name')} name="last_name" label="Last Name" required autoComplete="family-name" maxLength={100} />
        <TextField id={id('email')} name="email" label="Email" type="email" required autoComplete="email" maxLength={200} />
        <TextField id={id('phone')} name="phone" label="Mobile" type="tel" required autoComplete="tel" maxLength={20} />
        {postcode && (
          <TextField
            id={id('postcode')}
            name="postcode"
            label={region === 'US' ? 'ZIP code' : 'Postcode'}
            required
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={region === 'US' ? 10 : 4}
          />
        )}
      </div>
      <CheckboxField id={id('opt_in')} name="opt_in" label={consentText} />
      {terms && <CheckboxField id={id('terms_conditions')} name="terms_conditions" label={terms} required />}
    </>
  );
}
