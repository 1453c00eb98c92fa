import { STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from '@careline/domain/staff';
import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Every text of the sign-in and password screens, in the active language (@careline/i18n/staff). */
export function useAuthMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      consoleName: t('staff.shell.consoleName'),
      documentTitle: (screen: string) => t('staff.shell.documentTitle', { screen }),
      signInHeading: t('staff.auth.signInHeading'),
      signInIntro: t('staff.auth.signInIntro'),
      email: t('staff.auth.email'),
      password: t('staff.auth.password'),
      signIn: t('staff.auth.signIn'),
      signingIn: t('staff.auth.signingIn'),
      enterEmailAndPassword: t('staff.auth.enterEmailAndPassword'),
      changePasswordHeading: t('staff.auth.changePasswordHeading'),
      forcedChangeIntro: t('staff.auth.forcedChangeIntro'),
      currentPassword: t('staff.auth.currentPassword'),
      temporaryPassword: t('staff.auth.temporaryPassword'),
      enterCurrentPassword: t('staff.auth.enterCurrentPassword'),
      newPassword: t('staff.auth.newPassword'),
      newPasswordHint: t('staff.auth.newPasswordHint', { min: STAFF_PASSWORD_MIN_LENGTH }),
      confirmPassword: t('staff.auth.confirmPassword'),
      passwordsDiffer: t('staff.auth.passwordsDiffer'),
      changePassword: t('staff.auth.changePassword'),
      passwordChanged: t('staff.auth.passwordChanged'),
      // The domain rule's reasons (validateStaffPassword), by their English text.
      passwordReason: (reason: string): string => {
        const reasons: Record<string, string> = {
          [`Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters`]: t('staff.auth.passwordTooShort', { min: STAFF_PASSWORD_MIN_LENGTH }),
          [`Use at most ${STAFF_PASSWORD_MAX_LENGTH} characters`]: t('staff.auth.passwordTooLong', { max: STAFF_PASSWORD_MAX_LENGTH }),
          'The password contains characters that cannot be typed': t('staff.auth.passwordControlCharacters'),
          'The password may not contain your email name': t('staff.auth.passwordContainsEmail'),
          'Use a less repetitive password': t('staff.auth.passwordRepetitive'),
        };
        return reasons[reason] ?? reason;
      },
    }),
    [t],
  );
}
