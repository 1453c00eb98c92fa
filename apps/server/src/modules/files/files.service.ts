import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { insertBlob, type BlobRow } from './files.repo.ts';

/**
 * Records an uploaded blob's metadata and the upload in the audit trail, in one transaction
 * (issue 7 point 3: every change a patient makes is audited; no row without its change).
 * @param db - database
 * @param row - uploader, generated storage key, sniffed content type, size and SHA-256
 * @param correlationId - the request's correlation id
 */
export async function recordUpload(
  db: Db,
  row: Pick<
    BlobRow,
    'tenantId' | 'accountId' | 'storageKey' | 'contentType' | 'byteSize' | 'sha256'
  >,
  correlationId: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const id = await insertBlob(tx, row);
    await recordAudit(tx, {
      tenantId: row.tenantId,
      actor: { kind: 'patient', accountId: row.accountId },
      action: 'blob.upload',
      correlationId,
      details: { blobId: id, contentType: row.contentType, byteSize: row.byteSize },
    });
    return id;
  });
}
