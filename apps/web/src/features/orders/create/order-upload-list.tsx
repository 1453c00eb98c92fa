import { useEffect, useState } from 'react';
import { parseErrorString } from '@careline/domain/error-wire';
import { uploadLimitText } from '@careline/domain/orders/plain';
import { useTranslateText } from '@careline/i18n/react';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { Button } from '../../../components/button.tsx';
import { HIDDEN_FILE } from '../shared/file-check.ts';
import type { StoredUpload } from './order-draft-store.ts';
import { fileSizeText } from './order-create-payload.ts';

/** A picked image's thumbnail from its bytes on the phone (CSP img-src allows blob:). */
function ImagePreview({ blob }: { blob: Blob }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const address = URL.createObjectURL(blob);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [blob]);
  return url ? <img className="order-upload__thumb" src={url} alt="" /> : <span className="order-upload__thumb" aria-hidden="true" />;
}

/** Why a file was refused, in the user's language, with the limit for a file too large. */
export function useRefusalText(): (refusal: string) => string {
  const t = useOrdersTranslate();
  const tx = useTranslateText();
  return (refusal) => {
    if (refusal === HIDDEN_FILE) {
      return t('orders.create.documents.hiddenFile');
    }
    const { code, text } = parseErrorString(refusal);
    const shown = tx(text);
    return code === 'ARO-E3003' ? `${shown}. ${t('orders.create.documents.limit', { limit: uploadLimitText() })}` : shown;
  };
}

/**
 * The picked files (spec doc 3 §2, §4, §8): a preview, the size, a progress bar while it compresses
 * or uploads, what is happening in words (a live region), 'Upload failed' with Retry, and Remove.
 */
export function OrderUploadList({
  items,
  onRetry,
  onRemove,
}: {
  items: readonly StoredUpload[];
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const t = useOrdersTranslate();
  const refusalText = useRefusalText();

  const statusText = (item: StoredUpload): string => {
    switch (item.status) {
      case 'compressing':
        return t('orders.create.status.compressing');
      case 'queued':
        return t('orders.create.status.queued');
      case 'uploading':
        return t('orders.create.status.uploading', { percent: String(Math.round(item.progress * 100)) });
      case 'creating':
        return t('orders.create.status.creating');
      case 'retrying':
        return t('orders.create.status.retrying');
      case 'waiting':
        return t('orders.create.status.waiting');
      case 'done':
        return t('orders.create.status.done');
      case 'failed':
        return t('orders.create.text.uploadFailed');
      case 'refused':
        return refusalText(item.refusal ?? '');
    }
  };

  if (items.length === 0) {
    return <p className="order-create__muted">{t('orders.create.documents.none')}</p>;
  }
  return (
    <ul className="order-uploads" aria-label={t('orders.create.documents.heading')}>
      {items.map((item) => {
        const preview = item.prepared ?? item.original;
        const showBar = item.status === 'compressing' || item.status === 'uploading' || item.status === 'creating';
        const bad = item.status === 'failed' || item.status === 'refused';
        return (
          <li key={item.id} className={`order-upload order-upload--${item.status}`} data-upload-status={item.status}>
            {item.kind === 'image' && preview && item.status !== 'refused' ? (
              <ImagePreview blob={preview} />
            ) : (
              <span className={`order-upload__thumb order-upload__thumb--${bad ? 'bad' : item.kind}`} aria-hidden="true">
                {bad ? '!' : item.kind === 'pdf' ? 'PDF' : 'IMG'}
              </span>
            )}
            <div className="order-upload__body">
              <p className="order-upload__name">{item.name}</p>
              <p className="order-upload__meta">
                {item.kind === 'pdf' ? `${t('orders.create.documents.pdf')} · ` : ''}
                {fileSizeText(item.size)}
              </p>
              {showBar ? (
                <progress
                  className="order-upload__bar"
                  max={1}
                  value={item.status === 'creating' ? 1 : item.progress}
                  aria-label={t('orders.create.documents.progress', { name: item.name })}
                />
              ) : null}
              <p className={bad ? 'order-upload__status order-upload__status--bad' : 'order-upload__status'}>
                {statusText(item)}
              </p>
            </div>
            <div className="order-upload__actions">
              {item.status === 'failed' ? (
                <Button variant="secondary" onClick={() => onRetry(item.id)}>
                  {t('orders.create.documents.retry')}
                </Button>
              ) : null}
              <Button
                variant="text"
                className="order-upload__remove"
                aria-label={t('orders.create.documents.remove', { name: item.name })}
                onClick={() => onRemove(item.id)}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
