import { translateServerError } from '@careline/i18n/errors';
import { useLingui } from '@careline/i18n/react';
import { useStaffTranslate } from '@careline/i18n/staff';
import { errorMessages } from '@careline/ui/graphql';
import { useCallback } from 'react';

/**
 * The text to show for a failed operation, in the active language: a 'CODE:message' error from the
 * catalogue, anything else (network, unexpected) as the console's generic text.
 */
export function useErrorText(): (error: unknown) => string {
  const { i18n } = useLingui();
  const t = useStaffTranslate();
  return useCallback(
    (error: unknown) => {
      for (const message of errorMessages(error)) {
        const text = translateServerError(i18n, message);
        if (text && text.trim().length > 0) {
          return text;
        }
      }
      return t('staff.shell.somethingWentWrong');
    },
    [i18n, t],
  );
}
