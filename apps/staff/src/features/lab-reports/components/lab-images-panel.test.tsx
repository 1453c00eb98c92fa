// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'urql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLabClient, type FakeAnswer } from './fake-lab-client.ts';
import { LabImagesPanel } from './lab-images-panel.tsx';

const none = { organizationId: 'h1', headerImageBlobId: null, footerImageBlobId: null, signatureImageBlobId: null };

function renderPanel(answer: (name: string, variables: Record<string, unknown>) => FakeAnswer, fetcher: typeof fetch) {
  const fake = fakeLabClient(answer);
  render(
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={fake.client}>
        <LabImagesPanel organizationId="h1" hospitalName="Careline Hospitals - Colombo" fetcher={fetcher} />
      </Provider>
    </I18nProvider>,
  );
  return fake;
}

/** A stand-in for the blob service: uploads answer blob ids, reads answer a PNG. */
function blobService() {
  const uploads: { url: string; type: string | null }[] = [];
  const fetcher = vi.fn((input: string, init?: RequestInit) => {
    const url = input;
    if (url.startsWith('/blob/put')) {
      const headers = new Headers(init?.headers);
      uploads.push({ url, type: headers.get('Content-Type') });
      return Promise.resolve(new Response(JSON.stringify({ id: 'b-new' }), { status: 201, headers: { 'x-blobdata-id': 'b-new' } }));
    }
    return Promise.resolve(new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'content-type': 'image/png' } }));
  });
  return { fetcher: fetcher as unknown as typeof fetch, uploads };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
});

describe('LabImagesPanel (issue 11: the hospital uploads its header, footer and signature images)', () => {
  it('says what prints without images, uploads a PNG for the header, sets it, and shows it', async () => {
    const service = blobService();
    const fake = renderPanel((name, variables) => {
      if (name === 'staffLabReportImages') {
        return { data: { staffLabReportSettings: none } };
      }
      if (name === 'staffSetLabReportImage') {
        expect(variables).toEqual({ organizationId: 'h1', kind: 'HEADER', blobId: 'b-new' });
        return { data: { staffSetLabReportImage: { ...none, headerImageBlobId: 'b-new' } } };
      }
      throw new Error(`unexpected ${name}`);
    }, service.fetcher);

    expect(await screen.findByText("No header image: the report prints the hospital's name.")).toBeTruthy();
    expect(screen.getByText('No footer image: the report has no footer.')).toBeTruthy();
    expect(screen.getByText('No signature image: the report prints a line to sign on.')).toBeTruthy();
    expect(screen.getByText(/Upload PNG or JPEG files of at most 2 MB/)).toBeTruthy();

    const input = screen.getByLabelText('Header: upload an image');
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(64)], 'letterhead.png', { type: 'image/png' })] } });

    expect(await screen.findByText('Header: the image was saved.')).toBeTruthy();
    expect(service.uploads).toEqual([{ url: '/blob/put?organizationId=h1', type: 'image/png' }]);
    expect(await screen.findByAltText('Header: the current image')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Header: remove the image' })).toBeTruthy();
    expect(fake.calls.map((call) => call.name)).toEqual(['staffLabReportImages', 'staffSetLabReportImage']);
  });

  it('refuses a file that is not a PNG or JPEG before sending it, and removes an image', async () => {
    const service = blobService();
    renderPanel((name, variables) => {
      if (name === 'staffLabReportImages') {
        return { data: { staffLabReportSettings: { ...none, signatureImageBlobId: 'b-sig' } } };
      }
      if (name === 'staffSetLabReportImage') {
        expect(variables).toEqual({ organizationId: 'h1', kind: 'SIGNATURE', blobId: null });
        return { data: { staffSetLabReportImage: none } };
      }
      throw new Error(`unexpected ${name}`);
    }, service.fetcher);

    const input = await screen.findByLabelText('Footer: upload an image');
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Upload the image as a PNG or JPEG file');
    expect(service.uploads).toEqual([]);

    fireEvent.click(await screen.findByRole('button', { name: 'Signature: remove the image' }));
    expect(await screen.findByText('Signature: the image was removed.')).toBeTruthy();
    expect(screen.getByText('No signature image: the report prints a line to sign on.')).toBeTruthy();
  });
});
