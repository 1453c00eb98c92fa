import { validateStaffPassword } from '@careline/domain/staff';
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { useStaffSession } from '../../../lib/staff-session.tsx';
import {
  staffChangePasswordMutation,
} from '../api/auth-operations.ts';
import { useAuthMessages } from '../messages.ts';

/**
 * The password change: forced after a sign-in with a temporary password (before anything else is
 * reachable), and available from the navigation afterwards.
 * @param props - forced: the member still holds a temporary password
 */
export function ChangePasswordScreen({ forced }: { forced: boolean }) {
  const session = useStaffSession();
  const t = useAuthMessages();
  const errorText = useErrorText();
  const email = session.me?.email ?? '';
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [{ fetching }, change] = useMutation(
    staffChangePasswordMutation,
  );

  // The domain's rule, shown as the member types once they started on the field.
  const newPasswordReason = touched && newPassword !== '' ? validateStaffPassword(newPassword, email) : null;
  const newPasswordError = newPasswordReason ? t.passwordReason(newPasswordReason) : null;
  const confirmError = touched && confirm !== '' && confirm !== newPassword ? t.passwordsDiffer : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const reason = validateStaffPassword(newPassword, email);
    if (reason || confirm !== newPassword || currentPassword === '') {
      setError(reason ? t.passwordReason(reason) : currentPassword === '' ? t.enterCurrentPassword : t.passwordsDiffer);
      return;
    }
    setError(null);
    const result = await change({ currentPassword, newPassword });
    const user = result.data?.staffChangePassword;
    if (!user) {
      setError(errorText(result.error));
      return;
    }
    setCurrentPassword('');
    setNewPassword('');
    setConfirm('');
    setTouched(false);
    setDone(true);
    session.updated(user);
  };

  const body = (
    <>
      <PageHeading documentTitle={t.documentTitle(t.changePasswordHeading)}>{t.changePasswordHeading}</PageHeading>
      {forced ? <p>{t.forcedChangeIntro}</p> : null}
      {done ? <Alert tone="success">{t.passwordChanged}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <form onSubmit={(event) => void submit(event)} noValidate className="narrow-form">
        <TextField
          label={forced ? t.temporaryPassword : t.currentPassword}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
        />
        <TextField
          label={t.newPassword}
          hint={t.newPasswordHint}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(value) => {
            setNewPassword(value);
            setTouched(true);
          }}
          error={newPasswordError}
        />
        <TextField
          label={t.confirmPassword}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={confirmError}
        />
        <Button type="submit" busy={fetching}>
          {t.changePassword}
        </Button>
      </form>
    </>
  );
  return forced ? (
    <main className="sign-in">
      <div className="sign-in__panel">{body}</div>
    </main>
  ) : (
    body
  );
}
