import type {
  TCreateTemplateBody,
  TDeleteTemplateData,
  TMessageTemplate,
  TPreviewTemplateBody,
  TPreviewTemplateData,
  TTemplateListData,
  TUpdateTemplateBody,
} from '@medhire/contract/message-templates';
import { http } from '../../../lib/http.ts';

const base = '/employer/template';
const id = encodeURIComponent;

/** Message templates (/api/employer/template): shared with the organisation or personal. */
export const templatesApi = {
  /** The templates the member may use: the organisation's shared ones, then their own. */
  getTemplates: (signal?: AbortSignal) => http.get<TTemplateListData>(`${base}/get-templates`, { signal }),
  createTemplate: (body: TCreateTemplateBody) => http.post<TMessageTemplate>(`${base}/create-template`, body),
  updateTemplate: (templateId: string, body: TUpdateTemplateBody) =>
    http.patch<TMessageTemplate>(`${base}/update-template/${id(templateId)}`, body),
  deleteTemplate: (templateId: string) =>
    http.delete<TDeleteTemplateData>(`${base}/delete-template/${id(templateId)}`),
  /** A body rendered for one conversation or application, with the variables it would leave empty. */
  previewTemplate: (body: TPreviewTemplateBody, signal?: AbortSignal) =>
    http.post<TPreviewTemplateData>(`${base}/preview-template`, body, { signal }),
};
