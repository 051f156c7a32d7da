import { describe, expect, it } from 'vitest';
import {
  isPipelineExit,
  PIPELINE_DISPLAY_ORDER,
  PIPELINE_HIRING_ORDER,
  PIPELINE_STATUSES,
} from '../src/matches.ts';

describe('pipeline display order', () => {
  it('lists the stages in the order hiring happens, with Rejected set apart at the end', () => {
    expect(PIPELINE_DISPLAY_ORDER).toEqual([
      'Submitted',
      'Shortlisted',
      'Interview',
      'Offer',
      'Hired',
      'Rejected',
    ]);
    expect(PIPELINE_HIRING_ORDER).not.toContain('Rejected');
  });

  it('shows every stored stage exactly once and keeps the spec’s stored values', () => {
    expect(new Set(PIPELINE_DISPLAY_ORDER).size).toBe(PIPELINE_DISPLAY_ORDER.length);
    expect([...PIPELINE_DISPLAY_ORDER].sort()).toEqual([...PIPELINE_STATUSES].sort());
    expect(PIPELINE_STATUSES).toEqual([
      'Shortlisted',
      'Submitted',
      'Rejected',
      'Interview',
      'Offer',
      'Hired',
    ]);
  });

  it('treats only Rejected as the exit', () => {
    expect(PIPELINE_DISPLAY_ORDER.filter(isPipelineExit)).toEqual(['Rejected']);
  });
});
