import { useParams } from 'react-router';
import { ChatScreen } from '../../features/chat/components/chat-screen.tsx';
import { useStaffSession, type Hospital } from '../../lib/staff-session.tsx';

const chatPath = (chatId: string) => `/chats/${encodeURIComponent(chatId)}`;

/**
 * The hospital's chats with patients, and the one chosen (/chats/:chatId). One screen for both, so
 * the live inbox (which keeps the member online for patients) stays open while a chat is answered.
 */
export function ChatRoute({ hospital }: { hospital: Hospital }) {
  const session = useStaffSession();
  const { chatId = null } = useParams();
  return (
    <ChatScreen
      key={hospital.id}
      hospital={hospital}
      chatId={chatId}
      chatPath={chatPath}
      staffUserId={session.me?.id ?? null}
      may={{ work: session.may('chat.work') }}
    />
  );
}
