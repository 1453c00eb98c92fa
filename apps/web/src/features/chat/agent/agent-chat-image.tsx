import { useEffect, useState } from 'react';
import { useTranslate } from '@careline/i18n/react';
import { requestHeaders } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';

type ImageState =
  { kind: 'loading' } | { kind: 'ready'; url: string; pdf: boolean } | { kind: 'failed' };

/**
 * Reads a chat image with the account's token (spec doc 1 §7 Blob storage: GET /get/{id} with the
 * same authorisation, returning a blob) into an object URL.
 * @param path - the note's '/blob/get/{id}' (checked by imagePathOf)
 * @param token - the account's access token
 */
function useChatImage(path: string, token: string | null): ImageState {
  const [state, setState] = useState<ImageState>({ kind: 'loading' });
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    setState({ kind: 'loading' });
    fetch(path, { headers: requestHeaders(token), credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) {
          throw new Error(`HTTP ${response.status}`);
        }
        const file = await response.blob();
        if (!cancelled) {
          url = URL.createObjectURL(file);
          setState({ kind: 'ready', url, pdf: file.type === 'application/pdf' });
        }
      })
      .catch(() => {
        if (!cancelled) {
          setState({ kind: 'failed' });
        }
      });
    return () => {
      cancelled = true;
      if (url) {
        URL.revokeObjectURL(url);
      }
    };
  }, [path, token]);
  return state;
}

/**
 * An image in the chat: 'Loading image...', then the image, or 'Unable to load image!' (spec doc 1
 * §2, §8). A PDF is not shown as an image: it opens as a link.
 */
export function AgentChatImage({
  path,
  description,
}: {
  path: string;
  description: string | null;
}) {
  const t = useTranslate();
  const { accessToken } = useSession();
  const image = useChatImage(path, accessToken);
  if (image.kind === 'loading') {
    return (
      <span className="agent-chat-image agent-chat-image--placeholder">
        {t('chat.agent.loadingImage')}
      </span>
    );
  }
  if (image.kind === 'failed') {
    return (
      <span className="agent-chat-image agent-chat-image--failed">
        {t('chat.agent.imageFailed')}
      </span>
    );
  }
  if (image.pdf) {
    return (
      <a className="agent-chat-file" href={image.url} target="_blank" rel="noopener noreferrer">
        {description ?? t('chat.agent.openPdf')}
      </a>
    );
  }
  return (
    <a className="agent-chat-image-link" href={image.url} target="_blank" rel="noopener noreferrer">
      <img
        className="agent-chat-image"
        src={image.url}
        alt={description ?? t('chat.agent.image')}
      />
    </a>
  );
}
