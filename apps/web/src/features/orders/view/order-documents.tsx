import { useEffect, useState } from 'react';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { requestHeaders } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import type { OrderViewDocument } from './order-view-documents.ts';

type FileState = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

/**
 * Reads a stored file with the account's token (spec doc 3 §7 Download file: GET /get/{id} with the
 * Authorization header) into an object URL; 'failed' on any error.
 * @param blobId - the document's stored file
 * @param token - the account's access token
 */
function useBlobUrl(blobId: string | null, token: string | null): FileState {
  const [state, setState] = useState<FileState>({ kind: 'loading' });
  useEffect(() => {
    if (!blobId) {
      setState({ kind: 'failed' });
      return undefined;
    }
    let url: string | null = null;
    let cancelled = false;
    setState({ kind: 'loading' });
    fetch(`/blob/get/${encodeURIComponent(blobId)}`, { headers: requestHeaders(token), credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) {
          throw new Error(`HTTP ${response.status}`);
        }
        const file = await response.blob();
        if (!cancelled) {
          url = URL.createObjectURL(file);
          setState({ kind: 'ready', url });
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
  }, [blobId, token]);
  return state;
}

function isPdf(document: OrderViewDocument): boolean {
  return document.contentType === 'application/pdf';
}

/** One document: a thumbnail for an image, a link for a PDF, 'Unable to load file!' on failure (spec doc 3 §8). */
export function OrderDocumentItem({ document, number }: { document: OrderViewDocument; number: number }) {
  const t = useOrdersTranslate();
  const { accessToken } = useSession();
  const file = useBlobUrl(document.blobId ?? null, accessToken);
  const name = document.description ?? t(isPdf(document) ? 'orders.view.documents.pdf' : 'orders.view.documents.image', { number });
  const fromHospital = document.author.startsWith('User/');
  let body;
  if (file.kind === 'loading') {
    body = (
      <span className="order-document__placeholder" role="status">
        {t('orders.view.documents.loading')}
      </span>
    );
  } else if (file.kind === 'failed') {
    body = (
      <span className="order-document__failed" role="alert">
        {t('orders.view.text.fileLoadFailed')}
      </span>
    );
  } else if (isPdf(document)) {
    body = (
      <a className="order-document__link" href={file.url} target="_blank" rel="noopener noreferrer">
        {name}
      </a>
    );
  } else {
    body = (
      <a className="order-document__thumb-link" href={file.url} target="_blank" rel="noopener noreferrer">
        <img className="order-document__thumb" src={file.url} alt={name} width={96} height={96} />
      </a>
    );
  }
  return (
    <li className={`order-document${fromHospital ? ' order-document--hospital' : ''}`}>
      {body}
      {fromHospital ? <span className="order-document__author">{t('orders.view.documents.fromHospital')}</span> : null}
    </li>
  );
}

/** The order's documents: the patient's prescriptions and the hospital's results (spec doc 3 §3 Document reference). */
export function OrderDocuments({ documents }: { documents: readonly OrderViewDocument[] }) {
  const t = useOrdersTranslate();
  if (documents.length === 0) {
    return null;
  }
  return (
    <section className="order-card" aria-labelledby="order-documents-title">
      <h2 id="order-documents-title" className="order-card__title">
        {t('orders.view.documents.title')}
      </h2>
      <ul className="order-documents">
        {documents.map((document, index) => (
          <OrderDocumentItem key={document.id} document={document} number={index + 1} />
        ))}
      </ul>
    </section>
  );
}
