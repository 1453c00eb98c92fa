import { requestHeaders } from '../../../lib/graphql/client.ts';
import { getAccessToken } from '../../../lib/session/session-storage.ts';

/** The media type of FHIR JSON. */
const FHIR_JSON = 'application/fhir+json';

/** The address of a profile's records as a FHIR R4 Bundle (issue 11 part 4). */
export function fhirExportPath(patientId: string): string {
  return `/fhir/export/${encodeURIComponent(patientId)}`;
}

/** The name the file is saved under when the server does not name it (ours). */
export const FALLBACK_RECORDS_FILE_NAME = 'FHIR-records.json';

/** What {@link downloadFhirRecords} needs from the browser; tests pass stand-ins. */
export type RecordsDownloadDeps = {
  fetch: typeof fetch;
  accessToken: () => string | null;
  /** Hands the file to the user under the given name. */
  save: (file: Blob, fileName: string) => void;
};

/**
 * The file name of a Content-Disposition header: filename*=UTF-8''… (the profile's name may be in
 * Sinhala or Tamil), else filename="…"; null without one.
 * @param header - the Content-Disposition header
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) {
    return null;
  }
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name === '' ? null : name;
}

/** Saves a blob through a temporary link with the download attribute. */
export function saveBlob(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click's task; free it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const browserDeps = (): RecordsDownloadDeps => ({
  fetch: (input, init) => fetch(input, init),
  accessToken: getAccessToken,
  save: saveBlob,
});

/**
 * Fetches a profile's records as a FHIR R4 Bundle with the account's token (Authorization header and a
 * correlation id, as every call: spec doc 1 §7) and saves it under the server's file name. Throws when
 * the server answers with anything but FHIR JSON, so the screen can say the download failed.
 * @param patientId - the profile
 * @param deps - fetch, token and save; the browser's by default
 */
export async function downloadFhirRecords(patientId: string, deps: RecordsDownloadDeps = browserDeps()): Promise<void> {
  const response = await deps.fetch(fhirExportPath(patientId), {
    method: 'GET',
    headers: { ...requestHeaders(deps.accessToken()), Accept: FHIR_JSON },
    credentials: 'same-origin',
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes(FHIR_JSON)) {
    throw new Error(`records download failed with HTTP ${response.status}`);
  }
  const file = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? FALLBACK_RECORDS_FILE_NAME;
  deps.save(file.type === FHIR_JSON ? file : new Blob([file], { type: FHIR_JSON }), name);
}
