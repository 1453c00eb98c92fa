import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Texts of the waiting-room displays screen, in the active language. */
export function useDisplaysMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.displays.heading'),
      documentTitle: t('staff.shell.documentTitle', { screen: t('staff.displays.heading') }),
      intro: (hospital: string) => t('staff.displays.intro', { hospital }),
      name: t('staff.displays.name'),
      nameHint: t('staff.displays.nameHint'),
      create: t('staff.displays.create'),
      created: (name: string) => t('staff.displays.created', { name }),
      boardUrl: t('staff.displays.boardUrl'),
      tableCaption: (hospital: string) => t('staff.displays.tableCaption', { hospital }),
      createdAt: t('staff.displays.createdAt'),
      lastSeen: t('staff.displays.lastSeen'),
      never: t('staff.displays.never'),
      status: t('staff.displays.status'),
      active: t('staff.displays.active'),
      revokedAt: (time: string) => t('staff.displays.revokedAt', { time }),
      revoke: (name: string) => t('staff.displays.revoke', { name }),
      revokeShort: t('staff.displays.revokeShort'),
      revoked: (name: string) => t('staff.displays.revoked', { name }),
      loading: t('staff.displays.loading'),
      empty: (hospital: string) => t('staff.displays.empty', { hospital }),
    }),
    [t],
  );
}
