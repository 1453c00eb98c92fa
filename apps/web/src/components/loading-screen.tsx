import { Spinner } from './spinner.tsx';

/** A full-screen loading state (neutral: used before the tenant's branding is known too). */
export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="screen screen--center" style={{ minHeight: '60dvh' }}>
      <Spinner label={label} />
    </div>
  );
}
