import {
  renderTemplate,
  SAMPLE_TEMPLATE_CONTEXT,
  type TCreateTemplateBody,
  TEMPLATE_VARIABLES,
  type TMessageTemplate,
  variableToken,
  ZCreateTemplateBody,
} from '@medhire/contract/message-templates';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { TextArea, TextField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage, HttpError } from '../../../lib/http.ts';
import { templatesApi } from '../api/templates-api.ts';

export interface TemplateFormProps {
  /** The template to edit; absent for a new one. */
  template?: TMessageTemplate;
  /** Whether the member may share templates with the organisation (templates.manage). */
  canShare: boolean;
  onSaved: (template: TMessageTemplate) => void;
  onCancel: () => void;
}

/**
 * Writes a template: its name, who can use it (shared templates only for owners and admins; the
 * scope of a saved template stays), and the message with buttons that insert each variable
 * where the cursor is. The preview under it renders the message with sample values as it is typed.
 */
export function TemplateForm({ template, canShare, onSaved, onCancel }: TemplateFormProps) {
  const formId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const isEditing = template !== undefined;
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TCreateTemplateBody>({
    resolver: contractResolver(ZCreateTemplateBody),
    defaultValues: {
      name: template?.name ?? '',
      body: template?.body ?? '',
      scope: template?.scope ?? 'personal',
    },
  });
  const bodyField = register('body');
  const body = watch('body') ?? '';
  const preview = renderTemplate(body, SAMPLE_TEMPLATE_CONTEXT).text;

  function insertVariable(name: string) {
    const token = variableToken(name);
    const current = getValues('body') ?? '';
    const textarea = bodyRef.current;
    const start = textarea?.selectionStart ?? current.length;
    const end = textarea?.selectionEnd ?? current.length;
    setValue('body', `${current.slice(0, start)}${token}${current.slice(end)}`, {
      shouldDirty: true,
      shouldValidate: errors.body !== undefined,
    });
    // Put the cursor after the variable, so the next word follows it.
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = isEditing
        ? await templatesApi.updateTemplate(template._id, { name: values.name, body: values.body })
        : await templatesApi.createTemplate(values);
      onSaved(saved);
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        setError('name', { message: errorMessage(error) });
      } else if (error instanceof HttpError && error.status === 400) {
        setError('body', { message: errorMessage(error) });
      } else {
        setFailure(errorMessage(error));
      }
    }
  });

  return (
    <form className="template-form" id={formId} noValidate onSubmit={onSubmit}>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      {isEditing ? (
        <p className="template-form__scope">
          {template.scope === 'organization'
            ? 'Shared with your organization.'
            : 'Personal: only you can see and use it.'}
        </p>
      ) : canShare ? (
        <fieldset className="template-form__scopes">
          <legend className="field__label">Who can use it</legend>
          <label className="template-form__scope-choice">
            <input type="radio" value="personal" {...register('scope')} /> Only me
          </label>
          <label className="template-form__scope-choice">
            <input type="radio" value="organization" {...register('scope')} /> Everyone in my organization
          </label>
        </fieldset>
      ) : (
        <p className="template-form__scope">
          Personal: only you can see and use it. Owners and admins write the templates shared with everyone.
        </p>
      )}
      <fieldset className="template-form__variables">
        <legend className="template-form__variables-label">Insert a variable where the cursor is</legend>
        {TEMPLATE_VARIABLES.map((variable) => (
          <Button
            key={variable.name}
            type="button"
            variant="secondary"
            size="sm"
            aria-label={`Insert ${variable.label}`}
            onClick={() => insertVariable(variable.name)}
          >
            {variable.label}
          </Button>
        ))}
      </fieldset>
      <TextArea
        label="Message"
        rows={7}
        hint="Variables are filled in for each physician when you send. A message that would leave one empty is not sent."
        error={errors.body?.message}
        {...bodyField}
        ref={(element) => {
          bodyField.ref(element);
          bodyRef.current = element;
        }}
      />
      <section className="template-form__preview" aria-label="Preview with sample values">
        <h3 className="template-form__preview-title">Preview with sample values</h3>
        <p className="template-form__preview-text" aria-live="polite">
          {preview.trim() ? preview : 'Your message appears here as you write it.'}
        </p>
      </section>
      {failure && (
        <Alert variant="danger" title="We couldn't save the template">
          {failure}
        </Alert>
      )}
      <div className="template-form__actions">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          {isEditing ? 'Save changes' : 'Save template'}
        </Button>
      </div>
    </form>
  );
}
