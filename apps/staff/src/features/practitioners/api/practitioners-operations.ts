import { requestHeaders } from '@careline/ui/graphql';
import { graphql, type ResultOf } from '@careline/contract/graphql';
import { readStaffToken } from '../../../lib/staff-token.ts';

// The hospital's doctors and their photos (issue 29 §4.14): the list through GraphQL, the photo
// through the blob service (apps/server files.practitioner-photos.ts).

export const staffPractitionersQuery = graphql(`
  query staffPractitioners($organizationId: ID!) {
    staffPractitioners(organizationId: $organizationId) {
      id
      text
      roles
      photoUrl
    }
  }
`);

/** A doctor as the photo list shows them. */
export type HospitalPractitioner = ResultOf<typeof staffPractitionersQuery>['staffPractitioners'][number];

/** The types the server resizes; it judges the bytes again. */
export const PRACTITIONER_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * Uploads a doctor's photo for a hospital (POST /blob/practitioner-photo/{id}?organizationId= with
 * the raw bytes) and answers the new photo's address. A refusal is thrown as the server's
 * 'CODE:message' (or the HTTP status when the answer is not the blob service's).
 * @param file - the chosen image
 * @param practitionerId - the doctor
 * @param organizationId - the hospital the member administers
 * @param fetcher - for tests: a stand-in for fetch
 */
export async function uploadPractitionerPhoto(
  file: File,
  practitionerId: string,
  organizationId: string,
  fetcher: typeof fetch = fetch,
): Promise<string> {
  const response = await fetcher(
    `/blob/practitioner-photo/${encodeURIComponent(practitionerId)}?organizationId=${encodeURIComponent(organizationId)}`,
    {
      method: 'POST',
      headers: { ...requestHeaders(readStaffToken()), 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
      credentials: 'same-origin',
    },
  );
  const body = (await response.json().catch(() => null)) as { photoUrl?: unknown; error?: unknown } | null;
  if (!response.ok) {
    throw new Error(typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`);
  }
  if (typeof body?.photoUrl !== 'string') {
    throw new Error('the blob service answered without a photo');
  }
  return body.photoUrl;
}
