import {
  emptyVariablesMessage,
  type TMessageTemplate,
  type TPreviewTemplateData,
} from '@medhire/contract/message-templates';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { Modal } from '@medhire/ui/modal.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../../lib/http.ts';
import { templatesApi } from '../api/templates-api.ts';
import './templates.css';

type Load<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T };

export interface TemplatePickerProps {
  isOpen: boolean;
  onClose: () => void;
  conversationId: string;
  /** The physician's name as the thread shows it ("Dr. Lena Marsh"). */
  recipient: string;
  /** Sends the template: the server renders it again and refuses it if a variable is empty. */
  onSend: (template: TMessageTemplate, previewText: string) => void;
}

function matches(template: TMessageTemplate, query: string): boolean {
  const text = query.trim().toLowerCase();
  return !text || template.name.toLowerCase().includes(text) || template.body.toLowerCase().includes(text);
}

/** The preview of the chosen template for this conversation, as the server renders it. */
function usePreview(template: TMessageTemplate | null, conversationId: string) {
  const [preview, setPreview] = useState<Load<TPreviewTemplateData> | null>(null);
  useEffect(() => {
    if (!template) {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    setPreview({ status: 'loading' });
    templatesApi
      .previewTemplate({ body: template.body, conversationId }, controller.signal)
      .then((data) => setPreview({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setPreview({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [template, conversationId]);
  return preview;
}

/**
 * The composer's template picker: a searchable list of the member's templates (arrow keys move,
 * Enter chooses), the chosen one previewed for this conversation, a warning naming the variables
 * it would leave empty (then it cannot be sent), and Send.
 */
export function TemplatePicker({ isOpen, onClose, conversationId, recipient, onSend }: TemplatePickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [templates, setTemplates] = useState<Load<TMessageTemplate[]>>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const [chosen, setChosen] = useState<TMessageTemplate | null>(null);
  const preview = usePreview(chosen, conversationId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads re-runs the load.
  useEffect(() => {
    if (!isOpen) return;
    setQuery('');
    setActiveIndex(0);
    setChosen(null);
    setTemplates({ status: 'loading' });
    const controller = new AbortController();
    templatesApi
      .getTemplates(controller.signal)
      .then((data) => setTemplates({ status: 'ready', data: data.templates }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setTemplates({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [isOpen, reloads]);

  const found = templates.status === 'ready' ? templates.data.filter((item) => matches(item, query)) : [];
  const active = found[Math.min(activeIndex, found.length - 1)];
  const optionId = (template: TMessageTemplate) => `${id}-option-${template._id}`;

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (found.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex((index) => Math.min(index + 1, found.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Home') {
      event.preventDefault();
      setActiveIndex(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      setActiveIndex(found.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active) setChosen(active);
    }
  }

  const ready = preview?.status === 'ready' ? preview.data : null;
  const canSend = chosen !== null && ready !== null && ready.emptyVariables.length === 0;

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title="Send a template"
      description={`Choose a template to send to ${recipient}.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!canSend}
            onClick={() => {
              if (chosen && ready) onSend(chosen, ready.text);
            }}
          >
            Send template
          </Button>
        </>
      }
    >
      <div className="template-picker">
        {templates.status === 'loading' && (
          <p className="templates-loading" role="status">
            <Spinner /> Loading templates…
          </p>
        )}
        {templates.status === 'failed' && (
          <Alert variant="danger" title="We couldn't load your templates">
            <p>{templates.message}</p>
            <Button variant="secondary" size="sm" onClick={() => setReloads((count) => count + 1)}>
              Try again
            </Button>
          </Alert>
        )}
        {templates.status === 'ready' && templates.data.length === 0 && (
          <p className="templates-empty">
            You have no templates yet. <Link to="/settings/templates">Write one in Settings</Link>.
          </p>
        )}
        {templates.status === 'ready' && templates.data.length > 0 && (
          <>
            <label className="field__label" htmlFor={`${id}-search`}>
              Search templates
            </label>
            <input
              id={`${id}-search`}
              className="field__control template-picker__search"
              type="search"
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={active ? optionId(active) : undefined}
              autoComplete="off"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActiveIndex(0);
              }}
              onKeyDown={onSearchKeyDown}
            />
            <p className="visually-hidden" aria-live="polite">
              {found.length === 1 ? '1 template' : `${found.length} templates`}
            </p>
            {found.length === 0 ? (
              <p className="templates-empty">No template matches “{query}”.</p>
            ) : (
              <div className="template-picker__list" id={listId} role="listbox" aria-label="Templates">
                {found.map((template) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the search box drives the list from the keyboard (aria-activedescendant).
                  <div
                    key={template._id}
                    id={optionId(template)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={active?._id === template._id}
                    className={cx(
                      'template-picker__option',
                      active?._id === template._id && 'template-picker__option--active',
                      chosen?._id === template._id && 'template-picker__option--chosen',
                    )}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => {
                      setActiveIndex(found.indexOf(template));
                      setChosen(template);
                    }}
                  >
                    <span className="template-picker__name">{template.name}</span>
                    <span className="template-picker__scope">
                      {template.scope === 'organization' ? 'Organization' : 'Personal'}
                      {chosen?._id === template._id && <span className="visually-hidden">, chosen</span>}
                    </span>
                  </div>
                ))}
              </div>
            )}
          </>
        )}
        {chosen && (
          <section className="template-picker__preview" aria-label={`Preview for ${recipient}`}>
            <h3 className="template-form__preview-title">Preview for {recipient}</h3>
            {preview?.status === 'loading' && (
              <p className="templates-loading" role="status">
                <Spinner /> Preparing the preview…
              </p>
            )}
            {preview?.status === 'failed' && (
              <Alert variant="danger" title="We couldn't prepare the preview">
                {preview.message}
              </Alert>
            )}
            {ready && <p className="template-form__preview-text">{ready.text}</p>}
            {ready && ready.emptyVariables.length > 0 && (
              <Alert variant="warning" title="This template can't be sent to this physician">
                {emptyVariablesMessage(ready.emptyVariables)}
              </Alert>
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}
