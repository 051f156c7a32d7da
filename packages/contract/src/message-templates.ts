import { z } from 'zod';
import { MESSAGE_BODY_MAX } from './conversations.ts';
import { groupDigits } from './en-us-format.ts';

/**
 * Message templates: reusable message bodies with variables written `{{physician.firstName}}`,
 * kept for the whole organisation (owner and admins write them, every member but delegates
 * uses them) or for one member (personal). The server renders a template for one conversation
 * or application and refuses to send a rendering that leaves a variable empty.
 */

/** The variables a template may use, in the order the editor offers them, with what they stand for. */
export const TEMPLATE_VARIABLES = [
  { name: 'physician.firstName', label: 'Physician first name', sample: 'Maya' },
  { name: 'physician.lastName', label: 'Physician last name', sample: 'Okafor' },
  { name: 'job.title', label: 'Job title', sample: 'Family Medicine Physician – Outpatient' },
  { name: 'organization.name', label: 'Organization name', sample: 'Lone Star Family Health' },
  { name: 'recruiter.fullName', label: 'Your name', sample: 'Maria Delgado' },
] as const;

export type TTemplateVariableName = (typeof TEMPLATE_VARIABLES)[number]['name'];

const KNOWN_VARIABLES: ReadonlySet<string> = new Set(TEMPLATE_VARIABLES.map((variable) => variable.name));

/** `{{ name }}`: letters, digits, dots and underscores, spaces allowed inside the braces. */
const VARIABLE_PATTERN = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

/** What a template is rendered with: one value per variable, null or blank when unknown. */
export type TTemplateContext = Partial<Record<TTemplateVariableName, string | null | undefined>>;

export interface TRenderedTemplate {
  /** The body with every variable replaced (an empty variable by nothing). */
  text: string;
  /** The variables that rendered empty, each once, in order of first use; sending is refused unless empty. */
  emptyVariables: string[];
}

/** The variable `{{name}}` as a template writes it. */
export function variableToken(name: string): string {
  return `{{${name}}}`;
}

/** Every distinct variable name the body uses, known or not, in order of first use. */
export function templateVariablesIn(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(VARIABLE_PATTERN)) names.add(match[1] as string);
  return [...names];
}

/** The variable names of the body that are not template variables, for the save's refusal. */
export function unknownTemplateVariables(body: string): string[] {
  return templateVariablesIn(body).filter((name) => !KNOWN_VARIABLES.has(name));
}

/**
 * Renders a template body for one applicant or conversation: each known variable is replaced by
 * its value from `context` (trimmed), and those with no value are listed in `emptyVariables`,
 * so a caller can refuse to send a message that would greet "Dear Dr. ,". An unknown variable is
 * left as written (saving refuses such bodies, so only an old body can hold one) and counts as
 * empty. Pure: the server, the bulk actions and the editor's preview all render with it.
 */
export function renderTemplate(body: string, context: TTemplateContext): TRenderedTemplate {
  const empty = new Set<string>();
  const text = body.replace(VARIABLE_PATTERN, (written, name: string) => {
    if (!KNOWN_VARIABLES.has(name)) {
      empty.add(name);
      return written;
    }
    const value = context[name as TTemplateVariableName]?.trim();
    if (!value) {
      empty.add(name);
      return '';
    }
    return value;
  });
  return { text, emptyVariables: [...empty] };
}

/** The sample values the editor's live preview renders with. */
export const SAMPLE_TEMPLATE_CONTEXT: TTemplateContext = Object.fromEntries(
  TEMPLATE_VARIABLES.map((variable) => [variable.name, variable.sample]),
);

export const TEMPLATE_NAME_MAX = 80;

export const TEMPLATE_SCOPES = ['organization', 'personal'] as const;
/** organization: shared with the team (owner and admins manage them); personal: the author's own. */
export const ZTemplateScope = z.enum(TEMPLATE_SCOPES, { error: 'Choose who can use the template.' });
export type TTemplateScope = z.infer<typeof ZTemplateScope>;

/** A template body: what a message may hold, with known variables only. */
export const ZTemplateBody = z
  .string()
  .trim()
  .min(1, 'Write the message first.')
  .max(MESSAGE_BODY_MAX, `A template holds ${groupDigits(MESSAGE_BODY_MAX)} characters at most.`)
  .superRefine((body, context) => {
    const unknown = unknownTemplateVariables(body);
    if (unknown.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `Unknown ${unknown.length === 1 ? 'variable' : 'variables'}: ${unknown
          .map(variableToken)
          .join(', ')}. Use the variables offered above the message.`,
      });
    }
  });

export const ZTemplateName = z
  .string()
  .trim()
  .min(1, 'Name the template.')
  .max(TEMPLATE_NAME_MAX, `A name holds ${TEMPLATE_NAME_MAX} characters at most.`);

export const ZCreateTemplateBody = z.object({
  name: ZTemplateName,
  body: ZTemplateBody,
  scope: ZTemplateScope,
});
export type TCreateTemplateBody = z.infer<typeof ZCreateTemplateBody>;

/** An edit changes the name and the body; the scope a template was made for stays. */
export const ZUpdateTemplateBody = z
  .object({ name: ZTemplateName.optional(), body: ZTemplateBody.optional() })
  .refine((body) => body.name !== undefined || body.body !== undefined, {
    message: 'Change the name or the message.',
  });
export type TUpdateTemplateBody = z.infer<typeof ZUpdateTemplateBody>;

export const ZTemplateIdParams = z.object({ templateId: z.string().min(1).max(100) });
export type TTemplateIdParams = z.infer<typeof ZTemplateIdParams>;

export const ZMessageTemplate = z.object({
  _id: z.string(),
  name: z.string(),
  body: z.string(),
  scope: ZTemplateScope,
  /** The member who wrote it; null once their account is gone. */
  createdBy: z.object({ _id: z.string(), fullName: z.string().nullable() }).nullable(),
  /** Whether the caller may edit and delete it (own personal template, or manager of shared ones). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMessageTemplate = z.infer<typeof ZMessageTemplate>;

/** Shared templates first, then the caller's own, each by name. */
export const ZTemplateListData = z.object({ templates: z.array(ZMessageTemplate) });
export type TTemplateListData = z.infer<typeof ZTemplateListData>;

export const ZDeleteTemplateData = z.object({ _id: z.string() });
export type TDeleteTemplateData = z.infer<typeof ZDeleteTemplateData>;

/**
 * What to preview a body for: a conversation, or an application (an applicant and the job they
 * applied to, as bulk actions on applicants see them). Exactly one.
 */
export const ZPreviewTemplateBody = z
  .object({
    body: ZTemplateBody,
    conversationId: z.string().min(1).max(100).optional(),
    applicationId: z.string().min(1).max(100).optional(),
  })
  .refine((body) => (body.conversationId === undefined) !== (body.applicationId === undefined), {
    message: 'Choose a conversation or an application to preview the message for.',
    path: ['conversationId'],
  });
export type TPreviewTemplateBody = z.infer<typeof ZPreviewTemplateBody>;

export const ZPreviewTemplateData = z.object({
  text: z.string(),
  /** Variables with nothing to fill them for this recipient: a message with any of them is refused. */
  emptyVariables: z.array(z.string()),
});
export type TPreviewTemplateData = z.infer<typeof ZPreviewTemplateData>;

/** The label of a variable for people ("Physician first name"), or the name itself when unknown. */
export function variableLabel(name: string): string {
  return TEMPLATE_VARIABLES.find((variable) => variable.name === name)?.label ?? name;
}

/** The sentence refusing a message whose variables would be empty. */
export function emptyVariablesMessage(names: readonly string[]): string {
  const listed = names.map((name) => `${variableToken(name)} (${variableLabel(name)})`).join(', ');
  return `This message would leave ${names.length === 1 ? 'a variable' : 'variables'} empty: ${listed}. Fill in the missing details or write the message yourself.`;
}

export const TEMPLATE_MESSAGES = {
  notFound: 'We could not find that template.',
  nameTaken: 'A template with this name already exists here. Choose another name.',
  sharedNeedsManager:
    'Only owners and admins can create or change templates shared with the whole organization. Save it as a personal template instead.',
  created: 'The template is saved.',
  updated: 'The template is updated.',
  deleted: 'The template is deleted.',
  recipientNotFound: 'We could not find that conversation or application.',
} as const;
