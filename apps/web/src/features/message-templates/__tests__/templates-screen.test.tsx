import type { TMessageTemplate } from '@medhire/contract/message-templates';
import { RIGHT_NAMES } from '@medhire/contract/team-roles';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const LIST = 'GET /api/employer/template/get-templates';
const CREATE = 'POST /api/employer/template/create-template';
const owner = makeSession();
const recruiter = makeSession({
  user: {
    memberRole: 'recruiter',
    rights: RIGHT_NAMES.filter((right) => !['templates.manage', 'billing', 'team.manage'].includes(right)),
  },
});

function template(overrides: Partial<TMessageTemplate> = {}): TMessageTemplate {
  return {
    _id: 't1',
    name: 'Thank you for applying',
    body: 'Dear Dr. {{physician.lastName}}, thank you.',
    scope: 'organization',
    createdBy: { _id: 'user-1', fullName: 'Maria Delgado' },
    canEdit: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  vi.mocked(notifySuccess).mockClear();
});

describe('/settings/templates', () => {
  it('lists the shared templates and the member’s own, under their own headings', async () => {
    mockApi({
      [LIST]: () =>
        envelope({
          templates: [template(), template({ _id: 't2', name: 'Quick check-in', scope: 'personal' })],
        }),
    });
    renderApp('/settings/templates', { session: owner });
    const shared = await screen.findByRole('list', { name: 'Shared with your organization' });
    expect(within(shared).getByRole('heading', { name: 'Thank you for applying' })).toBeVisible();
    const mine = screen.getByRole('list', { name: 'Your templates' });
    expect(within(mine).getByRole('heading', { name: 'Quick check-in' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Message templates' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an empty state, and the reason with a retry when the list fails', async () => {
    let fails = true;
    mockApi({
      [LIST]: () =>
        fails ? failure('The server is busy.', 503, 'UNAVAILABLE') : envelope({ templates: [] }),
    });
    const { user } = renderApp('/settings/templates', { session: owner });
    expect(await screen.findByText('The server is busy.')).toBeVisible();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No templates yet' })).toBeVisible();
  });

  it('writes a template with variables inserted at the cursor and a live preview with sample values', async () => {
    const templates: TMessageTemplate[] = [];
    const { calls } = mockApi({
      [LIST]: () => envelope({ templates }),
      [CREATE]: ({ body }) => {
        const saved = template({ _id: 'new', ...(body as Partial<TMessageTemplate>) });
        templates.push(saved);
        return envelope(saved);
      },
    });
    const { user } = renderApp('/settings/templates', { session: owner });
    await user.click(await screen.findByRole('button', { name: 'Write your first template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Welcome');
    const message = within(dialog).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await user.type(message, 'Hello , welcome to .');
    message.setSelectionRange(6, 6);
    await user.click(within(dialog).getByRole('button', { name: 'Insert Physician first name' }));
    await waitFor(() => expect(message).toHaveValue('Hello {{physician.firstName}}, welcome to .'));
    const cursor = message.value.length - 1;
    message.setSelectionRange(cursor, cursor);
    await user.click(within(dialog).getByRole('button', { name: 'Insert Organization name' }));
    await waitFor(() =>
      expect(message).toHaveValue('Hello {{physician.firstName}}, welcome to {{organization.name}}.'),
    );
    const preview = within(dialog).getByRole('region', { name: 'Preview with sample values' });
    expect(preview).toHaveTextContent('Hello Maya, welcome to Lone Star Family Health.');

    await user.click(within(dialog).getByRole('radio', { name: 'Everyone in my organization' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New template' })).not.toBeInTheDocument(),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Welcome',
      body: 'Hello {{physician.firstName}}, welcome to {{organization.name}}.',
      scope: 'organization',
    });
    expect(notifySuccess).toHaveBeenCalledWith('The template is saved.');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeVisible();
  });

  it('refuses unknown variables before sending, and shows a name already taken', async () => {
    const { calls } = mockApi({
      [LIST]: () => envelope({ templates: [template()] }),
      [CREATE]: () =>
        failure('A template with this name already exists here. Choose another name.', 409, 'CONFLICT'),
    });
    const { user } = renderApp('/settings/templates', { session: owner });
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Thank you for applying');
    const message = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.type(message, 'Hi {{{{physician.nickname}}');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(message).toHaveAccessibleDescription(
      expect.stringContaining('Unknown variable: {{physician.nickname}}'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(message);
    await user.type(message, 'Hi there');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        'A template with this name already exists here. Choose another name.',
      ),
    );
  });

  it('keeps a recruiter’s templates personal and hides editing of shared ones', async () => {
    const { calls } = mockApi({
      [LIST]: () =>
        envelope({
          templates: [template({ canEdit: false }), template({ _id: 't2', name: 'Mine', scope: 'personal' })],
        }),
      [CREATE]: ({ body }) => envelope(template({ _id: 't3', ...(body as Partial<TMessageTemplate>) })),
    });
    const { user } = renderApp('/settings/templates', { session: recruiter });
    const shared = await screen.findByRole('list', { name: 'Shared with your organization' });
    expect(within(shared).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Mine' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Personal: only you can see and use it.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Follow-up');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Any questions?');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ scope: 'personal' }),
    );
  });

  it('edits a template and deletes one after confirming', async () => {
    let templates = [template(), template({ _id: 't2', name: 'Mine', scope: 'personal', body: 'Hi' })];
    const { calls } = mockApi({
      [LIST]: () => envelope({ templates }),
      'PATCH /api/employer/template/update-template/t2': ({ body }) => {
        const saved = template({ _id: 't2', scope: 'personal', ...(body as Partial<TMessageTemplate>) });
        templates = templates.map((item) => (item._id === 't2' ? saved : item));
        return envelope(saved);
      },
      'DELETE /api/employer/template/delete-template/t1': () => {
        templates = templates.filter((item) => item._id !== 't1');
        return envelope({ _id: 't1' });
      },
    });
    const { user } = renderApp('/settings/templates', { session: owner });
    await user.click(await screen.findByRole('button', { name: 'Edit Mine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Mine”' });
    const message = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.clear(message);
    await user.type(message, 'Hi {{{{job.title}}');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        name: 'Mine',
        body: 'Hi {{job.title}}',
      }),
    );
    expect(await screen.findByText('Hi {{job.title}}')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete Thank you for applying' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Thank you for applying”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete template' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Thank you for applying' })).not.toBeInTheDocument(),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
