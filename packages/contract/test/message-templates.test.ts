import { describe, expect, it } from 'vitest';
import {
  emptyVariablesMessage,
  renderTemplate,
  SAMPLE_TEMPLATE_CONTEXT,
  TEMPLATE_VARIABLES,
  templateVariablesIn,
  unknownTemplateVariables,
  ZCreateTemplateBody,
  ZPreviewTemplateBody,
} from '../src/message-templates.ts';
import { roleCan } from '../src/team-roles.ts';

const CONTEXT = {
  'physician.firstName': 'Lena',
  'physician.lastName': 'Marsh',
  'job.title': 'Hospitalist',
  'organization.name': 'Riverbend Health',
  'recruiter.fullName': 'James Okafor',
};

describe('renderTemplate', () => {
  it('replaces every variable, with or without spaces inside the braces, as often as it is used', () => {
    expect(
      renderTemplate(
        'Dear Dr. {{physician.lastName}}, {{ job.title }} at {{organization.name}}. {{physician.lastName}}? – {{recruiter.fullName}}',
        CONTEXT,
      ),
    ).toEqual({
      text: 'Dear Dr. Marsh, Hospitalist at Riverbend Health. Marsh? – James Okafor',
      emptyVariables: [],
    });
  });

  it('lists each variable with no value once, in order of first use, and leaves it out of the text', () => {
    const rendered = renderTemplate(
      'Hi {{physician.firstName}} {{recruiter.fullName}} {{physician.firstName}} {{job.title}}',
      {
        ...CONTEXT,
        'physician.firstName': '  ',
        'recruiter.fullName': null,
        'job.title': undefined,
      },
    );
    expect(rendered.emptyVariables).toEqual(['physician.firstName', 'recruiter.fullName', 'job.title']);
    expect(rendered.text).toBe('Hi    ');
  });

  it('trims values and leaves text without variables as it is', () => {
    expect(renderTemplate('Hi {{physician.firstName}}!', { 'physician.firstName': ' Lena ' }).text).toBe(
      'Hi Lena!',
    );
    expect(renderTemplate('No variables {here} or {{ }}', {})).toEqual({
      text: 'No variables {here} or {{ }}',
      emptyVariables: [],
    });
  });

  it('keeps an unknown variable as written and counts it as empty, so an old body cannot be sent half-filled', () => {
    expect(renderTemplate('Hi {{physician.nickname}}', CONTEXT)).toEqual({
      text: 'Hi {{physician.nickname}}',
      emptyVariables: ['physician.nickname'],
    });
  });

  it('has a sample for every variable, so the editor’s preview leaves none empty', () => {
    const body = TEMPLATE_VARIABLES.map((variable) => `{{${variable.name}}}`).join(' ');
    expect(renderTemplate(body, SAMPLE_TEMPLATE_CONTEXT).emptyVariables).toEqual([]);
  });
});

describe('template variables', () => {
  it('finds the variables a body uses, and the unknown ones', () => {
    const body = '{{physician.firstName}} {{ clinic.name }} {{physician.firstName}} {{recruiter.full_name}}';
    expect(templateVariablesIn(body)).toEqual(['physician.firstName', 'clinic.name', 'recruiter.full_name']);
    expect(unknownTemplateVariables(body)).toEqual(['clinic.name', 'recruiter.full_name']);
  });

  it('refuses a template body with unknown variables, naming them', () => {
    const parsed = ZCreateTemplateBody.safeParse({
      name: 'A',
      body: 'Hi {{clinic.name}}',
      scope: 'personal',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Unknown variable: {{clinic.name}}. Use the variables offered above the message.',
    );
  });

  it('previews for exactly one of a conversation and an application', () => {
    expect(ZPreviewTemplateBody.safeParse({ body: 'Hi', conversationId: 'c' }).success).toBe(true);
    expect(ZPreviewTemplateBody.safeParse({ body: 'Hi', applicationId: 'a' }).success).toBe(true);
    expect(ZPreviewTemplateBody.safeParse({ body: 'Hi' }).success).toBe(false);
    expect(
      ZPreviewTemplateBody.safeParse({ body: 'Hi', conversationId: 'c', applicationId: 'a' }).success,
    ).toBe(false);
  });

  it('names empty variables with their labels for people', () => {
    expect(emptyVariablesMessage(['recruiter.fullName'])).toContain('{{recruiter.fullName}} (Your name)');
  });
});

describe('the templates.manage right', () => {
  it('belongs to owners and admins only: recruiters and delegates keep personal templates', () => {
    expect(roleCan('owner', 'templates.manage')).toBe(true);
    expect(roleCan('admin', 'templates.manage')).toBe(true);
    expect(roleCan('recruiter', 'templates.manage')).toBe(false);
    expect(roleCan('delegate', 'templates.manage')).toBe(false);
  });
});
