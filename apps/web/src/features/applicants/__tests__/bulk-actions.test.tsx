import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { nextSelection } from '../components/bulk-selection.ts';
import { applicantList, makeApplicant, makeApplication } from './applicant-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();
const applicants = Array.from({ length: 12 }, (_, index) =>
  makeApplicant({
    _id: `physician-${index + 1}`,
    fullName: `Dr. Applicant ${index + 1}`,
    applications: [makeApplication({ _id: `application-${index + 1}` })],
  }),
);
const BULK = 'POST /api/employer/applicant/bulk-action';

function listApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/job/get-all-jobs/user-1': () =>
      envelope({ jobs: [], total: 0, pageNumber: 1, pageSize: 200 }),
    'GET /api/employer/applicant/get-all-applicants/user-1': () => envelope(applicantList(applicants, 12)),
    'GET /api/employer/template/get-templates': () =>
      envelope({
        templates: [
          {
            _id: 'template-1',
            name: 'Thank you for applying',
            body: 'Dear Dr. {{physician.lastName}}',
            scope: 'organization',
            isEditable: true,
            createdAt: '2026-10-20T15:00:00.000Z',
            updatedAt: '2026-10-20T15:00:00.000Z',
          },
        ],
      }),
    ...overrides,
  });
}

describe('nextSelection', () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];
  it('toggles one row on a plain click', () => {
    expect([...nextSelection(new Set(['a']), ids, 'c', 'a', false)]).toEqual(['a', 'c']);
    expect([...nextSelection(new Set(['a', 'c']), ids, 'c', 'a', false)]).toEqual(['a']);
  });
  it('gives the whole range from the anchor the clicked row’s new state on a shift-click', () => {
    expect([...nextSelection(new Set(['b']), ids, 'e', 'b', true)].sort()).toEqual(['b', 'c', 'd', 'e']);
    expect([...nextSelection(new Set(ids), ids, 'a', 'c', true)].sort()).toEqual(['d', 'e']);
  });
  it('toggles one row when there is no anchor yet', () => {
    expect([...nextSelection(new Set(), ids, 'd', null, true)]).toEqual(['d']);
  });
});

describe('bulk actions on the applicants list', () => {
  it('selects a range with shift-click, moves it in one request, names the refused ones and undoes', async () => {
    const { calls } = listApi({
      [BULK]: () =>
        envelope({
          operationId: 'operation-1',
          action: 'move',
          applied: ['application-2', 'application-3', 'application-4'],
          refused: [
            {
              applicationId: 'application-5',
              code: 'NOT_FOUND',
              message: 'This application is not one you can work on.',
            },
          ],
        }),
      'POST /api/employer/applicant/undo-bulk-action/operation-1': () =>
        envelope({
          operationId: 'operation-1',
          restored: ['application-2', 'application-3', 'application-4'],
          refused: [],
        }),
    });
    const { user } = renderApp('/applicants', { session });
    const first = await screen.findByRole('checkbox', { name: 'Select Dr. Applicant 2' });
    await user.click(first);
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Dr. Applicant 5' }));
    await user.keyboard('{/Shift}');

    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('4 applicants selected')).toBeVisible();
    for (const index of [2, 3, 4, 5]) {
      expect(screen.getByRole('checkbox', { name: `Select Dr. Applicant ${index}` })).toBeChecked();
    }
    expect(screen.getByRole('checkbox', { name: 'Select Dr. Applicant 6' })).not.toBeChecked();

    await user.selectOptions(within(bar).getByLabelText('Move to stage'), 'Interview');
    await user.click(within(bar).getByRole('button', { name: 'Move' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('1 application was not changed');
    expect(within(summary).getByRole('listitem')).toHaveTextContent(
      'Dr. Applicant 5: This application is not one you can work on.',
    );
    const sent = calls.filter((call) => call.path.endsWith('/bulk-action'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      action: 'move',
      stage: 'Interview',
      applicationIds: ['application-2', 'application-3', 'application-4', 'application-5'],
    });

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path.endsWith('/undo-bulk-action/operation-1'))).toBe(true),
    );
    expect(await screen.findByText('Undone for 3 applications.')).toBeInTheDocument();
  });

  it('selects every applicant matching the filter and sends a template to them', async () => {
    const { calls } = listApi({
      'GET /api/employer/applicant/get-all-applicants/user-1': ({ url }) =>
        // 30 match; the page shows 12, "select all" walks every page.
        url.searchParams.get('pageSize') === '200'
          ? envelope({
              applicants: [
                ...applicants,
                ...Array.from({ length: 18 }, (_, index) =>
                  makeApplicant({
                    _id: `physician-${index + 13}`,
                    fullName: `Dr. Applicant ${index + 13}`,
                    applications: [makeApplication({ _id: `application-${index + 13}` })],
                  }),
                ),
              ],
              total: 30,
              pageNumber: 1,
              pageSize: 200,
            })
          : envelope(applicantList(applicants, 30)),
      [BULK]: ({ body }) =>
        envelope({
          operationId: 'operation-2',
          action: 'message',
          applied: (body as { applicationIds: string[] }).applicationIds,
          refused: [],
        }),
    });
    const { user } = renderApp('/applicants', { session });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Dr. Applicant 1' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Select all 30 matching' }));
    expect(within(bar).getByText('30 applicants selected')).toBeVisible();

    await user.selectOptions(await within(bar).findByLabelText('Message template'), 'template-1');
    await user.click(within(bar).getByRole('button', { name: 'Send template' }));

    expect(await screen.findByText('Sent the template to 30 applications.')).toBeVisible();
    const sent = calls.find((call) => call.path.endsWith('/bulk-action'))?.body as {
      action: string;
      templateId: string;
      applicationIds: string[];
    };
    expect(sent.action).toBe('message');
    expect(sent.templateId).toBe('template-1');
    expect(sent.applicationIds).toHaveLength(30);
  });

  it('shows no bar while nothing is selected, and clears the selection on request', async () => {
    listApi();
    const { user } = renderApp('/applicants', { session });
    await screen.findByRole('checkbox', { name: 'Select Dr. Applicant 1' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Dr. Applicant 1' }));
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });
});
