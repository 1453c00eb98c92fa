import { useChatImage } from '../api/chat-files.ts';
import type { ChatMessages } from '../messages.ts';

/**
 * An image of the chat, read with the staff token: 'Loading image...' while it loads and 'Unable to
 * load image!' when it cannot be read (the chat image loader's words, spec doc 1 §2 Chat assistant).
 * @param props - texts, the stored image and its text alternative
 */
export function ChatImage({
  t,
  blobId,
  alt,
}: {
  t: ChatMessages;
  blobId: string | null;
  alt: string;
}) {
  const image = useChatImage(blobId);
  if (image.kind === 'loading') {
    return (
      <p className="chat-image chat-image--loading" role="status">
        {t.loadingImage}
      </p>
    );
  }
  if (image.kind === 'failed') {
    return <p className="chat-image chat-image--failed">{t.imageFailed}</p>;
  }
  return (
    <a className="chat-image" href={image.url} target="_blank" rel="noreferrer">
      <img src={image.url} alt={alt} />
    </a>
  );
}
