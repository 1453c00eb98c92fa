import { requestHeaders } from '../graphql/client.ts';
import { getAccessToken } from '../session/session-storage.ts';

/** What {@link downloadFile} needs from the browser; tests pass stand-ins. */
export type DownloadDeps = {
  fetch: typeof fetch;
  accessToken: () => string | null;
  /** Hands the file to the user under the given name. */
  save: (file: Blob, fileName: string) => void;
};

/** A file the server makes for the signed-in account (an invoice, a lab report, the FHIR records). */
export type FileRequest = {
  /** The server's address of the file. */
  path: string;
  /** The media type asked for, and the only one accepted as the file. */
  mediaType: string;
  /** The name the file is saved under when the server's Content-Disposition names none. */
  fileName: string;
  /** Whether the server's Content-Disposition name is used (else `fileName` always is). */
  nameFromServer: boolean;
  /** What the file is, for the error message ('invoice', 'lab report', ...). */
  label: string;
};

/**
 * The file name of a Content-Disposition header: filename*=UTF-8''… (a name that may hold Sinhala
 * or Tamil), else filename="…"; null without one.
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

/** The browser's fetch, the kept access token and {@link saveBlob}. */
export const browserDownloadDeps = (): DownloadDeps => ({
  fetch: (input, init) => fetch(input, init),
  accessToken: getAccessToken,
  save: saveBlob,
});

/**
 * Fetches a file with the account's token (Authorization header and a correlation id, as every call:
 * spec doc 1 §7) and saves it. Throws when the server answers with anything but the file's media
 * type, so the screen can say the download failed.
 * @param request - the file's address, media type and name
 * @param deps - fetch, token and save; the browser's by default
 */
export async function downloadFile(request: FileRequest, deps: DownloadDeps = browserDownloadDeps()): Promise<void> {
  const response = await deps.fetch(request.path, {
    method: 'GET',
    headers: { ...requestHeaders(deps.accessToken()), Accept: request.mediaType },
    credentials: 'same-origin',
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes(request.mediaType)) {
    throw new Error(`${request.label} download failed with HTTP ${response.status}`);
  }
  const file = await response.blob();
  const name =
    (request.nameFromServer ? fileNameFromDisposition(response.headers.get('content-disposition')) : null) ??
    request.fileName;
  deps.save(file.type === request.mediaType ? file : new Blob([file], { type: request.mediaType }), name);
}
