import { downloadFile, type DownloadDeps } from '../../../lib/download/download-file.ts';

/** The media type of FHIR JSON. */
const FHIR_JSON = 'application/fhir+json';

/** The address of a profile's records as a FHIR R4 Bundle (issue 11 part 4). */
export function fhirExportPath(patientId: string): string {
  return `/fhir/export/${encodeURIComponent(patientId)}`;
}

/** The name the file is saved under when the server does not name it (ours). */
export const FALLBACK_RECORDS_FILE_NAME = 'FHIR-records.json';

/**
 * Fetches a profile's records as a FHIR R4 Bundle with the account's token and saves it under the
 * server's file name. Throws when the server answers with anything but FHIR JSON, so the screen can
 * say the download failed.
 * @param patientId - the profile
 * @param deps - fetch, token and save; the browser's by default
 */
export function downloadFhirRecords(patientId: string, deps?: DownloadDeps): Promise<void> {
  return downloadFile(
    {
      path: fhirExportPath(patientId),
      mediaType: FHIR_JSON,
      fileName: FALLBACK_RECORDS_FILE_NAME,
      nameFromServer: true,
      label: 'records',
    },
    deps,
  );
}
