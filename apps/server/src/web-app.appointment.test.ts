import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appointmentScreenDocuments, tokenOwner } from './web-app.appointment.ts';
// The app's own digest, pure (no DOM): the page names the owner as the app will check it.
import { ownerOf } from '../../web/src/lib/offline/owner.ts';
import { openPageToken, sealPageToken } from './modules/auth/auth.page-cookie.ts';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const clientDocuments = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../web/src/features/consultations/api/consultation-documents.ts'),
  'utf8',
);

describe("the server's /view/appointment (issue 33 §1)", () => {
  it.each(Object.entries(appointmentScreenDocuments))('asks %s exactly as the app does', (_name, document) => {
    expect(squash(clientDocuments)).toContain(squash(document));
  });

  it("names the token's owner as the app does (lib/offline/owner.ts)", () => {
    for (const token of ['abc', 'x'.repeat(43), 'Zq9-_0aB'.repeat(6)]) {
      expect(tokenOwner(token)).toBe(ownerOf(token));
    }
  });
});

describe('the page cookie seal (issue 33 §1)', () => {
  const secret = Buffer.alloc(32, 7);
  const token = 'x'.repeat(43);
  it('opens for its tenant and secret only', () => {
    const sealed = sealPageToken(secret, 'tenant-a', token);
    expect(sealed).not.toContain(token);
    expect(openPageToken(secret, 'tenant-a', sealed)).toBe(token);
    expect(openPageToken(secret, 'tenant-b', sealed)).toBeNull();
    expect(openPageToken(Buffer.alloc(32, 8), 'tenant-a', sealed)).toBeNull();
    expect(openPageToken(secret, 'tenant-a', `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(openPageToken(secret, 'tenant-a', token)).toBeNull();
    expect(openPageToken(secret, 'tenant-a', undefined)).toBeNull();
  });
});
