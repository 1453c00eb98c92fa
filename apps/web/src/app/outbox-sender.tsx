import { useEffect } from 'react';
import { useClient } from 'urql';
import { REQUEST_STATE } from '@careline/domain/shell';
import { isChatOutboxItem, sendChatOutboxItem } from '../features/chat/agent/chat-outbox.ts';
import { ownerOf } from '../lib/offline/owner.ts';
import { sendOutbox, sendOutboxWhenOnline } from '../lib/offline/outbox-sender.ts';
import { useSession } from '../lib/session';

/**
 * The one sender of what was written offline (issue 32 §4.7): once the account has loaded online it
 * sends the outbox, and again whenever the connection returns, whichever screen is open. Loaded apart
 * from the entry (app.tsx), as nothing on screen waits for it.
 */
export function OutboxSender() {
  const client = useClient();
  const session = useSession();
  // Only an account the server answered now: then the connection is there and the owner is this account.
  const owner = session.accountState === REQUEST_STATE.DONE ? ownerOf(session.accessToken) : null;
  useEffect(() => {
    if (owner === null) {
      return undefined;
    }
    return sendOutboxWhenOnline(window, () =>
      // An item of a kind this app no longer knows cannot be sent: the server would refuse it.
      sendOutbox(owner, (item) => (isChatOutboxItem(item) ? sendChatOutboxItem(client, item) : Promise.resolve({ outcome: 'refused' }))),
    );
  }, [client, owner]);
  return null;
}
