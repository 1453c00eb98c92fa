import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { LanguageSwitch } from '../../../lib/language.tsx';
import { useStaffSession } from '../../../lib/staff-session.tsx';
import { staffSignInMutation } from '../api/auth-operations.ts';
import { useAuthMessages } from '../messages.ts';

/** /staff for a signed-out visitor: email and password, and the server's refusal when there is one. */
export function SignInScreen() {
  const session = useStaffSession();
  const t = useAuthMessages();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, signIn] = useMutation(staffSignInMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setError(t.enterEmailAndPassword);
      return;
    }
    setError(null);
    const result = await signIn({ email: email.trim(), password });
    const data = result.data?.staffSignIn;
    if (!data) {
      setError(errorText(result.error));
      return;
    }
    session.signedIn(data.token, data.staff);
  };

  return (
    <main className="sign-in">
      <div className="sign-in__panel">
        <div className="sign-in__top">
          <p className="sign-in__product">{t.consoleName}</p>
          <LanguageSwitch />
        </div>
        <PageHeading documentTitle={t.signInHeading}>{t.signInHeading}</PageHeading>
        <p>{t.signInIntro}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <TextField label={t.email} type="email" autoComplete="username" value={email} onChange={setEmail} />
          <TextField
            label={t.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <Button type="submit" busy={fetching}>
            {fetching ? t.signingIn : t.signIn}
          </Button>
        </form>
      </div>
    </main>
  );
}
