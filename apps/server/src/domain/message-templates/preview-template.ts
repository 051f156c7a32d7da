import type { TPreviewTemplateBody, TPreviewTemplateData } from '@medhire/contract/message-templates';
import type { Db } from '../../db/index.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { renderTemplateFor } from './render-template.ts';

export interface PreviewTemplateOptions {
  db: Db;
  member: JobOwner;
  body: TPreviewTemplateBody;
}

/** A template body rendered for one conversation or application, with the variables it would leave empty. */
export function previewTemplate({ db, member, body }: PreviewTemplateOptions): Promise<TPreviewTemplateData> {
  const recipient =
    body.conversationId !== undefined
      ? { conversationId: body.conversationId }
      : { applicationId: body.applicationId ?? '' };
  return renderTemplateFor({ db, member, body: body.body, recipient });
}
