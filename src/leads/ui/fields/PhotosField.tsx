/**
 * An optional file input for photos, outside react-hook-form: files are not lead JSON, and the
 * chosen files must outlive the step's form (Go Back and on again) to be sent once. The flow holds
 * the choice and the error; this renders them with the label, the limits in words, the error tied
 * to the input, and a button to take the photos out again.
 */
import { useEffect, useRef } from 'react';
import { FieldError, FieldLabel } from './FieldError';
import './fields.css';

export interface PhotosFieldProps {
  /** Element id; the error is `${id}-error`, the limits `${id}-hint`, the chosen files `${id}-chosen`. */
  id: string;
  label: string;
  /** The limits in words (model/lead-files.ts fileLimitsInWords). */
  hint: string;
  accept: string;
  /** Names of the files chosen so far (kept across steps, as the input itself is not). */
  chosen: readonly string[];
  /** Whether the chosen files have reached the dealer's lead already. */
  sent: boolean;
  error: string | undefined;
  disabled?: boolean;
  /** Changed by the flow to move focus to the input (once it is usable again), e.g. after a failed send. */
  attention?: number;
  onChoose: (files: File[]) => void;
  onRemove: () => void;
}

export function PhotosField({ id, label, hint, accept, chosen, sent, error, disabled, attention = 0, onChoose, onRemove }: PhotosFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const heeded = useRef(attention);
  // The form is disabled while it sends, and a disabled input takes no focus: wait until it is back.
  useEffect(() => {
    if (disabled || heeded.current === attention) return;
    heeded.current = attention;
    input.current?.focus();
  }, [attention, disabled]);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const chosenId = `${id}-chosen`;
  const count = `${chosen.length} photo${chosen.length === 1 ? '' : 's'}`;
  const describedBy = [hintId, chosen.length > 0 ? chosenId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field lead-field lead-photos">
      <FieldLabel htmlFor={id} label={label} required={false} hint={hint} hintId={hintId} />
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChoose(Array.from(event.currentTarget.files ?? []))}
      />
      {chosen.length > 0 && (
        <div className="lead-photos-chosen">
          <p id={chosenId} role="status">
            {sent ? `${count} sent with your details: ` : `${count} chosen: `}
            {chosen.join(', ')}
          </p>
          {!sent && (
            <button
              type="button"
              className="button button-outline"
              disabled={disabled}
              onClick={() => {
                if (input.current) input.current.value = '';
                onRemove();
                input.current?.focus();
              }}
            >
              Remove photos
            </button>
          )}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
