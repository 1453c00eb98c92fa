import { Spinner } from './spinner.tsx';

/**
 * A full-screen loading state (neutral: used before the tenant's branding is known too); the spinner
 * says 'Loading' in the active language unless given a label.
 */
export function LoadingScreen({ label }: { label?: string }) {
  return (
    <div className="screen screen--center" style={{ minHeight: '60dvh' }}>
      <Spinner label={label} />
    </div>
  );
}
