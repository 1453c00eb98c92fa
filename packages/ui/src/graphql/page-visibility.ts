import type { LiveSocket } from './live-socket.ts';

/**
 * spec doc 1 §4: sockets are closed with code 1000 while the page is hidden and resubscribed when
 * it becomes visible again.
 * @param liveSocket - the app's live socket
 * @param doc - the document to watch
 */
export function watchPageVisibility(liveSocket: LiveSocket, doc: Document = document): () => void {
  const onChange = () => {
    if (doc.visibilityState === 'hidden') {
      liveSocket.pause();
    } else {
      liveSocket.resume();
    }
  };
  doc.addEventListener('visibilitychange', onChange);
  return () => doc.removeEventListener('visibilitychange', onChange);
}
