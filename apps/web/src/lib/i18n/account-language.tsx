import { useEffect, useRef } from 'react';
import { useMutation } from 'urql';
import { setPreferredLanguageMutation } from '../session/account-query.ts';
import { useSession } from '../session/session-provider.tsx';
import { useLanguage } from './language-provider.tsx';
import { storedLanguage } from './language-storage.ts';

/**
 * Keeps the shown language and the signed-in account's language one (issue 6 §5): on a device where
 * nobody chose a language, the account's choice is shown; a choice made here (before or after sign-in)
 * is stored on the account, which the server uses for the account's SMS.
 */
export function AccountLanguageSync() {
  const { language, chooseLanguage } = useLanguage();
  const { account, loggedIn } = useSession();
  const [, setPreferredLanguage] = useMutation(setPreferredLanguageMutation);
  const accountId = loggedIn ? (account?.id ?? null) : null;
  const accountLanguage = account?.preferredLanguage ?? null;
  // The language the server holds for this account, as far as this tab knows.
  const serverLanguage = useRef<{ accountId: string; language: string | null } | null>(null);

  useEffect(() => {
    if (!accountId) {
      serverLanguage.current = null;
      return;
    }
    if (serverLanguage.current?.accountId !== accountId) {
      serverLanguage.current = { accountId, language: accountLanguage };
      if (accountLanguage && accountLanguage !== language && storedLanguage() === null) {
        void chooseLanguage(accountLanguage);
        return;
      }
    }
    if (serverLanguage.current.language !== language) {
      serverLanguage.current = { accountId, language };
      void setPreferredLanguage({ language });
    }
  }, [accountId, accountLanguage, language, chooseLanguage, setPreferredLanguage]);

  return null;
}
