import type { TConversation, TMessage } from '@medhire/contract/conversations';
import type { TMessageTemplate } from '@medhire/contract/message-templates';
import { notifyError } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();

const conversation: TConversation = {
  _id: 'c1',
  messages: [],
  lastMessage: null,
  employerCount: 0,
  applicant: { _id: 'physician-1', fullName: 'Dr. Jane Doe', photo: null, specialty: 'Cardiology' },
  job: { _id: 'job-1', title: 'Interventional Cardiologist' },
  matchId: 'match-1',
  isArchived: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function template(overrides: Partial<TMessageTemplate>): TMessageTemplate {
  return {
    _id: 't1',
    name: 'Thank you for applying',
    body: 'Dear Dr. {{physician.lastName}}, thank you for applying. – {{recruiter.fullName}}',
    scope: 'organization',
    createdBy: { _id: 'user-1', fullName: 'Maria Delgado' },
    canEdit: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const TEMPLATES = [
  template({}),
  template({
    _id: 't2',
    name: 'Invitation to a call',
    body: 'Hi {{physician.firstName}}, a call about {{job.title}}?',
  }),
  template({ _id: 't3', name: 'Site visit', body: 'Site visit for {{job.title}}', scope: 'personal' }),
];

const PREVIEWS: Record<string, { text: string; emptyVariables: string[] }> = {
  [TEMPLATES[0]?.body ?? '']: {
    text: 'Dear Dr. Doe, thank you for applying. – ',
    emptyVariables: ['recruiter.fullName'],
  },
  [TEMPLATES[1]?.body ?? '']: {
    text: 'Hi Jane, a call about Interventional Cardiologist?',
    emptyVariables: [],
  },
};

function backend(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/conversation/sync': () => envelope({ changes: [], nextCursor: '1', hasMore: false }),
    'GET /api/employer/conversation/get-all-conversation/user-1': () => envelope([conversation]),
    'GET /api/employer/conversation/get-single-conversation/c1': () => envelope(conversation),
    'GET /api/employer/template/get-templates': () => envelope({ templates: TEMPLATES }),
    'POST /api/employer/template/preview-template': ({ body }) =>
      envelope(PREVIEWS[(body as { body: string }).body] ?? { text: '', emptyVariables: [] }),
    'POST /api/employer/conversation/send-message/c1': ({ body }) => {
      const { tempMsgId } = body as { tempMsgId: string };
      const saved: TMessage = {
        _id: 'saved-1',
        body: 'Hi Jane, a call about Interventional Cardiologist?',
        tempMsgId,
        status: 2,
        sentTime: new Date().toISOString(),
        sender: 'employer',
        isDeleted: false,
        chatId: 'c1',
      };
      return envelope(saved);
    },
    ...overrides,
  });
}

beforeEach(() => {
  vi.mocked(notifyError).mockClear();
});

describe('the composer’s template picker', () => {
  it('finds a template by keyboard, previews it for the conversation and sends it through the server', async () => {
    const { calls } = backend();
    const { user } = renderApp('/messages?conversationId=c1', { session });
    await user.click(await screen.findByRole('button', { name: 'Templates' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send a template' });
    const search = await within(dialog).findByRole('combobox', { name: 'Search templates' });
    expect(within(dialog).getAllByRole('option')).toHaveLength(3);
    await user.type(search, 'call');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Invitation to a callOrganization']);
    await user.clear(search);
    await user.keyboard('{ArrowDown}');
    expect(search).toHaveAttribute('aria-activedescendant', within(dialog).getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');

    const preview = await within(dialog).findByRole('region', { name: 'Preview for Dr. Jane Doe' });
    expect(
      await within(preview).findByText('Hi Jane, a call about Interventional Cardiologist?'),
    ).toBeVisible();
    const previewCall = calls.find((call) => call.path.endsWith('/preview-template'));
    expect(previewCall?.body).toEqual({ body: TEMPLATES[1]?.body, conversationId: 'c1' });

    await user.click(within(dialog).getByRole('button', { name: 'Send template' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Send a template' })).not.toBeInTheDocument(),
    );
    const sent = calls.find((call) => call.path.endsWith('/send-message/c1'));
    expect(sent?.body).toMatchObject({
      templateId: 't2',
      body: 'Hi Jane, a call about Interventional Cardiologist?',
      tempMsgId: expect.any(String),
    });
    const log = screen.getByRole('log', { name: 'Messages with Dr. Jane Doe' });
    await waitFor(() => expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Sent'));
    expect(log).toHaveTextContent('Hi Jane, a call about Interventional Cardiologist?');
  });

  it('warns about the variables a template would leave empty and does not let it be sent', async () => {
    const { calls } = backend();
    const { user } = renderApp('/messages?conversationId=c1', { session });
    await user.click(await screen.findByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a template' });
    await user.click(await within(dialog).findByRole('option', { name: /Thank you for applying/ }));

    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent("This template can't be sent to this physician");
    expect(warning).toHaveTextContent('{{recruiter.fullName}} (Your name)');
    expect(within(dialog).getByRole('button', { name: 'Send template' })).toBeDisabled();
    expect(calls.filter((call) => call.path.endsWith('/send-message/c1'))).toHaveLength(0);
  });

  it('shows the server’s refusal when a variable turned empty since the preview', async () => {
    backend({
      'POST /api/employer/conversation/send-message/c1': () =>
        failure(
          'This message would leave a variable empty: {{job.title}} (Job title).',
          422,
          'BUSINESS_RULE',
        ),
    });
    const { user } = renderApp('/messages?conversationId=c1', { session });
    await user.click(await screen.findByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a template' });
    await user.click(await within(dialog).findByRole('option', { name: /Invitation to a call/ }));
    await within(dialog).findByText('Hi Jane, a call about Interventional Cardiologist?');
    await user.click(within(dialog).getByRole('button', { name: 'Send template' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        'This message would leave a variable empty: {{job.title}} (Job title).',
      ),
    );
    const log = screen.getByRole('log', { name: 'Messages with Dr. Jane Doe' });
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent('Failed');
  });

  it('says where to write templates when there are none', async () => {
    backend({ 'GET /api/employer/template/get-templates': () => envelope({ templates: [] }) });
    const { user } = renderApp('/messages?conversationId=c1', { session });
    await user.click(await screen.findByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a template' });
    expect(await within(dialog).findByRole('link', { name: 'Write one in Settings' })).toHaveAttribute(
      'href',
      '/settings/templates',
    );
  });
});
