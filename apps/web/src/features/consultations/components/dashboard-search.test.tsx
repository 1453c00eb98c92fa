// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DashboardSearch } from './dashboard-search.tsx';
import { renderHistory, type GraphQLCall } from './history-test-render.tsx';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

function answer(call: GraphQLCall) {
  switch (call.operationName ?? '') {
    case 'consultationOrganizations':
      return {
        data: {
          queryOrganization: [
            { __typename: 'Organization', id: 'org-10', name: 'Ward 10', phone: null },
            { __typename: 'Organization', id: 'org-2', name: 'Ward 2', phone: null },
          ],
        },
      };
    case 'searchSpecialties':
      return { data: { searchSpecialties: [{ __typename: 'Specialty', code: 'CARD', display: 'Cardiologist' }] } };
    case 'searchDoctors':
      return { data: { searchDoctors: [] } };
    default:
      return { data: null };
  }
}

describe('the home dashboard search (spec doc 2 §2 Home dashboard search)', () => {
  it("keeps 'Search Now' disabled until a doctor, specialty or hospital is chosen, then opens /doctor with it", async () => {
    const { router } = await renderHistory({ element: <DashboardSearch />, path: '/home-dashboard', answer });
    expect(await screen.findByText('Select atleast a doctor or speciality for search')).toBeTruthy();
    const searchNow = screen.getByRole('button', { name: 'Search Now' });
    expect(searchNow.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByRole('combobox', { name: 'Doctor specialty' }), { target: { value: 'car' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Cardiologist' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Hospital name' }), { target: { value: 'ward' } });
    const hospitals = await screen.findAllByRole('option');
    // Natural order: Ward 2 before Ward 10.
    expect(hospitals.map((option) => option.textContent)).toEqual(['Ward 2', 'Ward 10']);
    fireEvent.mouseDown(hospitals[0] as HTMLElement);

    expect(searchNow.hasAttribute('disabled')).toBe(false);
    fireEvent.click(searchNow);
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
    expect(router.state.location.search).toBe('?organization=org-2&performerRole=CARD');
  });
});
