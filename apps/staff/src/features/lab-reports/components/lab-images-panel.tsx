import { useEffect, useId, useState } from 'react';
import { useClient } from 'urql';
import { Alert, Button } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { staffLabReportImagesQuery, staffSetLabReportImageMutation } from '../api/lab-reports-operations.ts';
import { uploadLabImage, useLabImage } from '../api/lab-image-files.ts';
import { LAB_IMAGE_MAX_BYTES, LAB_IMAGE_TYPES, labImageSizeText } from '@careline/domain/lab-reports';
import { LAB_IMAGE_KINDS, labImageBlobId, type LabImageKind } from '../lab-report-rules.ts';
import { useLabReportsMessages } from '../messages.ts';

type Images = {
  headerImageBlobId: string | null;
  footerImageBlobId: string | null;
  signatureImageBlobId: string | null;
};

const SERVER_KINDS = { header: 'HEADER', footer: 'FOOTER', signature: 'SIGNATURE' } as const;

/** The current image of one kind: the picture, or what the report prints without one. */
function CurrentImage({ kind, blobId, fetcher }: { kind: LabImageKind; blobId: string | null; fetcher?: typeof fetch }) {
  const t = useLabReportsMessages();
  const image = useLabImage(blobId, fetcher);
  if (!blobId) {
    return <p className="lab-image__none">{t.imageNone(kind)}</p>;
  }
  if (image.kind === 'loading') {
    return <p className="lab-image__none">{t.imageLoading}</p>;
  }
  if (image.kind === 'failed') {
    return <p className="lab-image__none">{t.imagePreviewFailed}</p>;
  }
  return <img className="lab-image__preview" src={image.url} alt={t.imagePreview(t.imageKind(kind))} />;
}

/**
 * The hospital's header, footer and signature images of the printable report (issue 11), for those
 * who issue reports (labReports.images): each image's current picture, an upload (PNG or JPEG, at
 * most 2 MB: POST /blob/put, then staffSetLabReportImage) and a remove button. The server checks
 * the file again, audits each change and prints the new images in the patients' PDFs.
 * @param props - the hospital (id and name); fetcher: for tests, a stand-in for fetch
 */
export function LabImagesPanel({
  organizationId,
  hospitalName,
  fetcher,
}: {
  organizationId: string;
  hospitalName: string;
  fetcher?: typeof fetch;
}) {
  const t = useLabReportsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const headingId = useId();
  const inputId = useId();
  const [images, setImages] = useState<Images | null>(null);
  const [busy, setBusy] = useState<LabImageKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A new key empties a file input after each upload, so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);

  useEffect(() => {
    let live = true;
    void client
      .query(staffLabReportImagesQuery, { organizationId }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        if (!live) {
          return;
        }
        const settings = result.data?.staffLabReportSettings;
        if (settings) {
          setImages(settings);
        } else {
          setError(errorText(result.error));
        }
      });
    return () => {
      live = false;
    };
  }, [client, organizationId, errorText]);

  const setImage = async (kind: LabImageKind, file: File | null) => {
    setBusy(kind);
    setError(null);
    setNotice(null);
    try {
      const blobId = file ? await uploadLabImage(file, organizationId, fetcher) : null;
      const result = await client
        .mutation(staffSetLabReportImageMutation, { organizationId, kind: SERVER_KINDS[kind], blobId })
        .toPromise();
      const saved = result.data?.staffSetLabReportImage;
      if (saved) {
        setImages(saved);
        setNotice(file ? t.imageSaved(t.imageKind(kind)) : t.imageRemoved(t.imageKind(kind)));
      } else {
        setError(errorText(result.error));
      }
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
      setInputKey((key) => key + 1);
    }
  };

  return (
    <section aria-labelledby={headingId} className="lab-panel lab-images">
      <h2 id={headingId}>{t.imagesHeading}</h2>
      <p>{t.imagesIntro(hospitalName, labImageSizeText(LAB_IMAGE_MAX_BYTES))}</p>
      <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ul className="lab-images__list">
        {LAB_IMAGE_KINDS.map((kind) => {
          const blobId = images ? labImageBlobId(images, kind) : null;
          const label = t.imageKind(kind);
          return (
            <li key={kind} className="lab-image">
              <h3>{label}</h3>
              {images ? <CurrentImage kind={kind} blobId={blobId} fetcher={fetcher} /> : <p className="lab-image__none">{t.imageLoading}</p>}
              <div className="ui-field">
                <label className="ui-field__label" htmlFor={`${inputId}-${kind}`}>
                  {t.imageChoose(label)}
                </label>
                <input
                  key={`${kind}-${inputKey}`}
                  id={`${inputId}-${kind}`}
                  type="file"
                  accept={LAB_IMAGE_TYPES.join(',')}
                  disabled={images === null || busy !== null}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) {
                      void setImage(kind, file);
                    }
                  }}
                />
              </div>
              {blobId ? (
                <Button type="button" variant="secondary" busy={busy === kind} disabled={busy !== null} onClick={() => void setImage(kind, null)}>
                  {t.imageRemove(label)}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
