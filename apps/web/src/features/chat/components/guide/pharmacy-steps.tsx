import { useEffect, useRef } from 'react';
import { CHAT_TEXTS, fillChatText, type ChatStepId } from '@careline/domain/chat-flow';
import { ORDER_UPLOAD_ACCEPT } from '@careline/domain/orders/plain';
import { useTranslateText } from '@careline/i18n/react';
import { imagePathOf } from '../../agent/agent-chat-model.ts';
import type { ChatMessageFile } from '../../utils/chat-flow.ts';
import { finishedUploads, type ChatOrderUploads, type ChatUploadItem } from '../../utils/chat-orders.ts';
import type { GuideKit, GuidePart } from './guide-kit.ts';
import { AddressForm, EMPTY_ADDRESS, addressLine, profileAddress } from './guide-widgets.tsx';

// Online Pharmacy in the chat (issue 12 §2; spec doc 1 §2; doc 3 §4 Creation flow): the
// prescription upload and the more-upload prompt (a lab test's and a home visit's request too), the
// delivery mode and the delivery address.

export const pharmacySteps: GuidePart = {
  steps: {
    'prescription-upload': (kit) => (kit.uploads ? <PrescriptionUpload uploads={kit.uploads} disabled={kit.busy} /> : null),
    'more-upload-prompt': (kit, step) => <div className="chat-buttons">{kit.choiceButtons(step, kit.labelled(step))}</div>,
    'delivery-mode': (kit, step) => <div className="chat-buttons">{kit.choiceButtons(step, kit.labelled(step))}</div>,
    'delivery-address': (kit) => (
      <AddressForm
        initial={kit.data.order.address ?? profileAddress(kit.patients)}
        disabled={kit.busy}
        onConfirm={(address) =>
          void kit.go('delivery-address', 'confirm-address', addressLine(address), {
            // A home visit is at home too (homecare).
            order: {
              ...kit.data.order,
              address,
              ...(kit.data.service === 'procedure' ? { deliveryMode: 'home-delivery' as const } : {}),
            },
          })
        }
      />
    ),
  },
  patches: {
    'home-delivery': (data) => ({ order: { ...data.order, deliveryMode: 'home-delivery' } }),
    'hospital-pickup': (data) => ({ order: { ...data.order, deliveryMode: 'hospital-pickup', address: null } }),
  },
  orderSummary: {
    medication: ({ data, tx }) => (
      <ul className="chat-order-summary">
        <li>{tx(fillChatText('orderHospital', { hospital: data.organization?.name ?? '' }))}</li>
        <li>{tx(fillChatText('orderDocuments', { count: String(data.order.documents.length) }))}</li>
        <li>
          {data.order.deliveryMode === 'home-delivery'
            ? tx(fillChatText('orderDeliverTo', { address: addressLine(data.order.address ?? EMPTY_ADDRESS) }))
            : tx(CHAT_TEXTS.collectAtHospital)}
        </li>
      </ul>
    ),
  },
};

/**
 * The uploaded files as the stream shows them: an image from the blob service, a PDF as a file
 * (spec doc 1 §2). A file whose kind is not known is named only (the message's text).
 * @param items - the files just uploaded
 */
export function messageFiles(items: readonly ChatUploadItem[]): ChatMessageFile[] {
  return items.flatMap((item) =>
    item.kind === undefined
      ? []
      : [{ name: item.name, kind: item.kind, path: item.blobId ? imagePathOf(`/blob/get/${item.blobId}`) : null }],
  );
}

/**
 * The prescription upload goes on by itself once every picked file is a document (none still on
 * its way, none failed): the files join the order and the more-upload prompt follows.
 * @param kit - the guided chat's kit
 * @param flowStep - the step shown
 */
export function useUploadsJoinOrder(kit: GuideKit, flowStep: ChatStepId | null): void {
  const uploadItems = kit.uploads?.items;
  const onUploaded = useRef<() => void>(() => undefined);
  onUploaded.current = () => {
    const { uploads, data } = kit;
    if (flowStep !== 'prescription-upload' || !uploads || kit.isBusy()) {
      return;
    }
    const done = finishedUploads(uploads.items);
    if (done === null) {
      return;
    }
    const documents = [
      ...data.order.documents,
      ...done.map((item) => ({ id: item.id, documentId: item.documentId ?? '', name: item.name })),
    ];
    // The files stay kept on the phone until the conversation holds them (a reload loses neither).
    void kit.go(
      'prescription-upload',
      'uploaded',
      done.map((item) => item.name).join(', '),
      { order: { ...data.order, documents } },
      { files: messageFiles(done), onLanded: () => uploads.clear() },
    );
  };
  useEffect(() => {
    onUploaded.current();
  }, [flowStep, uploadItems]);
}

/**
 * The prescription upload (spec doc 1 §2; doc 3 §2, §4 Creation flow): a photo (image/*) or a PDF
 * (application/pdf), sent in the background by the orders feature, its list with progress, Retry and
 * Remove, and the failure notices.
 */
function PrescriptionUpload({ uploads, disabled }: { uploads: ChatOrderUploads; disabled: boolean }) {
  const tx = useTranslateText();
  const photoInput = useRef<HTMLInputElement>(null);
  const pdfInput = useRef<HTMLInputElement>(null);
  const onPicked = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    // The same file can be picked again after a removal.
    input.value = '';
    void uploads.add(files);
  };
  return (
    <div className="chat-upload">
      {uploads.list}
      <div role="alert">
        {uploads.failures.map((failure) => (
          <p key={failure} className="chat-error">
            {tx(failure)}
          </p>
        ))}
      </div>
      <div className="chat-buttons">
        <button className="chat-button" type="button" disabled={disabled} onClick={() => photoInput.current?.click()}>
          {tx(CHAT_TEXTS.addPrescriptionPhoto)}
        </button>
        <button
          className="chat-button chat-button-secondary"
          type="button"
          disabled={disabled}
          onClick={() => pdfInput.current?.click()}
        >
          {tx(CHAT_TEXTS.addPrescriptionPdf)}
        </button>
        <input
          ref={photoInput}
          className="visually-hidden"
          type="file"
          accept={ORDER_UPLOAD_ACCEPT.image}
          multiple
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-photo-input"
          onChange={(event) => onPicked(event.currentTarget)}
        />
        <input
          ref={pdfInput}
          className="visually-hidden"
          type="file"
          accept={ORDER_UPLOAD_ACCEPT.pdf}
          multiple
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-pdf-input"
          onChange={(event) => onPicked(event.currentTarget)}
        />
      </div>
    </div>
  );
}
