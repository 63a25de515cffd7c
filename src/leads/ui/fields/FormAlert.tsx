import './fields.css';

export interface FormAlertProps {
  /** Nothing is rendered without a message. */
  message: string | undefined;
  /** destructive: role="alert", red; success: role="status", green. */
  tone?: 'destructive' | 'success';
  id?: string;
  className?: string;
}

export function FormAlert({ message, tone = 'destructive', id, className }: FormAlertProps) {
  if (!message) return null;
  return (
    <div id={id} role={tone === 'destructive' ? 'alert' : 'status'} className={[`lead-alert lead-alert-${tone}`, className].filter(Boolean).join(' ')}>
      {message}
    </div>
  );
}
