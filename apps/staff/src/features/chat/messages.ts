import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';
import { isChatStatus, type ChatQueue } from './chat-rules.ts';

/** Whether a value is one of a list's, narrowing it to the list's type (so its catalogue key is typed). */
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

const genders = ['male', 'female', 'other'] as const;

/** Texts of the chat inbox and conversation, in the active language. */
export function useChatMessages() {
  const t = useStaffTranslate();
  return useMemo(() => {
    return {
      heading: t('staff.chat.heading'),
      documentTitle: (screen: string) => t('staff.shell.documentTitle', { screen }),
      intro: (hospital: string) => t('staff.chat.intro', { hospital }),
      liveState: (state: 'connecting' | 'live' | 'reconnecting') => {
        switch (state) {
          case 'live':
            return t('staff.chat.live');
          case 'reconnecting':
            return t('staff.chat.reconnecting');
          case 'connecting':
            return t('staff.chat.connecting');
        }
      },
      queue: (queue: ChatQueue) => t(`staff.chat.queue.${queue}`),
      queueCount: (queue: string, count: number) => t('staff.chat.queueCount', { queue, count }),
      colPatient: t('staff.chat.col.patient'),
      colStatus: t('staff.chat.col.status'),
      colWaiting: t('staff.chat.col.waiting'),
      colUnread: t('staff.chat.col.unread'),
      colAction: t('staff.chat.col.action'),
      minutesAgo: (minutes: number) => t('staff.chat.minutesAgo', { minutes }),
      unreadCount: (count: number) => t('staff.chat.unansweredCount', { count }),
      // Any status the console does not know is shown as the server sent it.
      statusName: (status: string) =>
        isChatStatus(status) ? t(`staff.chat.status.${status}`) : status,
      takenByMe: t('staff.chat.takenByMe'),
      takenByColleague: t('staff.chat.takenByColleague'),
      take: t('staff.chat.take'),
      takeChatOf: (name: string) => t('staff.chat.takeChatOf', { name }),
      openChatOf: (name: string) => t('staff.chat.openChatOf', { name }),
      unknownPatient: t('staff.chat.unknownPatient'),
      empty: (queue: ChatQueue) => t(`staff.chat.empty.${queue}`),
      loading: t('staff.chat.loading'),
      loadFailed: (message: string) => t('staff.chat.loadFailed', { message }),
      retry: t('staff.chat.retry'),
      loadMore: t('staff.chat.loadMore'),
      loadingMore: t('staff.chat.loadingMore'),
      typingShort: t('staff.chat.typingShort'),
      announceNew: (name: string) => t('staff.chat.announceNew', { name }),
      announceMessage: (name: string) => t('staff.chat.announceMessage', { name }),
      chooseChat: t('staff.chat.chooseChat'),
      conversationHeading: (name: string) => t('staff.chat.conversationHeading', { name }),
      startedAt: (time: string) => t('staff.chat.startedAt', { time }),
      loadingChat: t('staff.chat.loadingChat'),
      chatLoadFailed: (message: string) => t('staff.chat.chatLoadFailed', { message }),
      messages: (name: string) => t('staff.chat.messages', { name }),
      noMessages: t('staff.chat.noMessages'),
      authorMe: t('staff.chat.author.me'),
      authorStaff: t('staff.chat.author.staff'),
      event: (event: string) => t('staff.chat.event', { event }),
      loadingImage: t('staff.chat.loadingImage'),
      imageFailed: t('staff.chat.imageFailed'),
      imageFrom: (author: string) => t('staff.chat.imageFrom', { author }),
      patientTyping: (name: string) => t('staff.chat.patientTyping', { name }),
      reply: t('staff.chat.reply'),
      replyHint: t('staff.chat.replyHint'),
      send: t('staff.chat.send'),
      sending: t('staff.chat.sending'),
      image: t('staff.chat.image'),
      imageHint: (size: string) => t('staff.chat.imageHint', { size }),
      imageDescription: t('staff.chat.imageDescription'),
      removeImage: t('staff.chat.removeImage'),
      emptyReply: t('staff.chat.emptyReply'),
      replyTooLong: (max: number) => t('staff.chat.replyTooLong', { max }),
      takenByColleagueText: t('staff.chat.takenByColleagueText'),
      closedText: t('staff.chat.closedText'),
      waitingText: t('staff.chat.waitingText'),
      readOnlyText: t('staff.chat.readOnlyText'),
      close: t('staff.chat.close'),
      closeHeading: t('staff.chat.closeHeading'),
      closeText: t('staff.chat.closeText'),
      closeTextWaiting: t('staff.chat.closeTextWaiting'),
      cancel: t('staff.chat.cancel'),
      taken: t('staff.chat.taken'),
      closed: t('staff.chat.closed'),
      contextHeading: t('staff.chat.context.heading'),
      contextLoading: t('staff.chat.context.loading'),
      contextFailed: (message: string) => t('staff.chat.context.failed', { message }),
      contextProfiles: t('staff.chat.context.profiles'),
      contextInChat: t('staff.chat.context.inChat'),
      contextGender: t('staff.chat.context.gender'),
      contextAge: t('staff.chat.context.age'),
      contextMobile: t('staff.chat.context.mobile'),
      contextAppointments: t('staff.chat.context.appointments'),
      contextNoAppointments: t('staff.chat.context.noAppointments'),
      contextAppointment: (values: {
        patient: string;
        doctor: string;
        time: string;
        token: number;
      }) => t('staff.chat.context.appointment', values),
      genderName: (gender: string) =>
        isOneOf(genders, gender)
          ? t(`staff.chat.gender.${gender}`)
          : gender,
    };
  }, [t]);
}

export type ChatMessages = ReturnType<typeof useChatMessages>;
