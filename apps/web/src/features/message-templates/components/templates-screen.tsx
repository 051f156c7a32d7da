import type { TMessageTemplate, TTemplateListData } from '@medhire/contract/message-templates';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { useCan } from '../../../app/use-can.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { templatesApi } from '../api/templates-api.ts';
import { TemplateForm } from './template-form.tsx';
import './templates.css';

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: TTemplateListData };

type Editing = { mode: 'create' } | { mode: 'edit'; template: TMessageTemplate } | null;

function TemplateItem({
  template,
  onEdit,
  onDelete,
}: {
  template: TMessageTemplate;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="template-item">
      <div className="template-item__head">
        <h3 className="template-item__name">{template.name}</h3>
        <Badge variant={template.scope === 'organization' ? 'info' : 'neutral'}>
          {template.scope === 'organization' ? 'Organization' : 'Personal'}
        </Badge>
      </div>
      <p className="template-item__body">{template.body}</p>
      {template.canEdit && (
        <div className="template-item__actions">
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${template.name}`}>
            Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${template.name}`}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

function TemplateSection({
  title,
  templates,
  emptyMessage,
  onEdit,
  onDelete,
}: {
  title: string;
  templates: TMessageTemplate[];
  emptyMessage: string;
  onEdit: (template: TMessageTemplate) => void;
  onDelete: (template: TMessageTemplate) => void;
}) {
  return (
    <Card title={title}>
      {templates.length === 0 ? (
        <p className="templates-empty">{emptyMessage}</p>
      ) : (
        <ul className="template-list" aria-label={title}>
          {templates.map((template) => (
            <TemplateItem
              key={template._id}
              template={template}
              onEdit={() => onEdit(template)}
              onDelete={() => onDelete(template)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * /settings/templates: the message templates a member may use — the organisation's shared ones
 * (owners and admins write them) and their own — with the form to write and change them.
 */
export function TemplatesScreen() {
  const canShare = useCan('templates.manage');
  // A delegate works with personal templates only (the server answers no shared ones to them).
  const isDelegate = useAppSelector(selectUser)?.memberRole === 'delegate';
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<TMessageTemplate | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads re-runs the load.
  useEffect(() => {
    const controller = new AbortController();
    templatesApi
      .getTemplates(controller.signal)
      .then((data) => setLoad({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [reloads]);

  function onSaved(saved: TMessageTemplate) {
    notifySuccess(editing?.mode === 'edit' ? 'The template is updated.' : 'The template is saved.');
    setEditing(null);
    setLoad((current) => {
      if (current.status !== 'ready') return current;
      const others = current.data.templates.filter((template) => template._id !== saved._id);
      return { status: 'ready', data: { templates: [...others, saved] } };
    });
    setReloads((count) => count + 1);
  }

  async function onConfirmDelete() {
    if (!toDelete) return;
    setIsDeleting(true);
    try {
      await templatesApi.deleteTemplate(toDelete._id);
      notifySuccess('The template is deleted.');
      const deletedId = toDelete._id;
      setLoad((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              data: { templates: current.data.templates.filter((template) => template._id !== deletedId) },
            }
          : current,
      );
      setToDelete(null);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setIsDeleting(false);
    }
  }

  const templates = load.status === 'ready' ? load.data.templates : [];
  const shared = templates.filter((template) => template.scope === 'organization');
  const personal = templates.filter((template) => template.scope === 'personal');

  return (
    <div className="templates-screen">
      <title>Message templates · MedHire</title>
      <div className="templates-screen__toolbar">
        <p className="templates-screen__intro">
          Use a template from the Templates button of any conversation. Variables such as the physician’s name
          are filled in for each recipient.
        </p>
        <Button onClick={() => setEditing({ mode: 'create' })}>New template</Button>
      </div>
      {load.status === 'loading' && (
        <p className="templates-loading" role="status">
          <Spinner /> Loading templates…
        </p>
      )}
      {load.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load your templates">
          <p>{load.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setReloads((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {load.status === 'ready' &&
        (templates.length === 0 ? (
          <EmptyState
            title="No templates yet"
            description="Save the messages you send again and again, like a thank-you for applying or an invitation to a call."
            action={<Button onClick={() => setEditing({ mode: 'create' })}>Write your first template</Button>}
          />
        ) : (
          <>
            {!isDelegate && (
              <TemplateSection
                title="Shared with your organization"
                templates={shared}
                emptyMessage={
                  canShare
                    ? 'No shared templates yet. Templates you share here are available to your whole team.'
                    : 'No shared templates yet. Owners and admins can share templates with the team.'
                }
                onEdit={(template) => setEditing({ mode: 'edit', template })}
                onDelete={setToDelete}
              />
            )}
            <TemplateSection
              title="Your templates"
              templates={personal}
              emptyMessage="No personal templates yet. Only you see the templates you keep here."
              onEdit={(template) => setEditing({ mode: 'edit', template })}
              onDelete={setToDelete}
            />
          </>
        ))}
      <Modal
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={editing?.mode === 'edit' ? `Edit “${editing.template.name}”` : 'New template'}
      >
        {editing && (
          <TemplateForm
            template={editing.mode === 'edit' ? editing.template : undefined}
            canShare={canShare}
            onSaved={onSaved}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        isOpen={toDelete !== null}
        onClose={() => setToDelete(null)}
        size="sm"
        title={`Delete “${toDelete?.name ?? ''}”?`}
        description={
          toDelete?.scope === 'organization'
            ? 'Nobody in your organization will be able to use it. Messages already sent stay as they are.'
            : 'Messages already sent with it stay as they are.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)} disabled={isDeleting}>
              Cancel
            </Button>
            <Button variant="danger" isLoading={isDeleting} onClick={() => void onConfirmDelete()}>
              Delete template
            </Button>
          </>
        }
      />
    </div>
  );
}
