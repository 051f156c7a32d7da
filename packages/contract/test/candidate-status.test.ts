import { describe, expect, it } from 'vitest';
import { candidateStatusOf } from '../src/physician-notifications.ts';
import { CANDIDATE_STATUS_LABELS } from '../src/physicians.ts';

describe('candidateStatusOf', () => {
  it('gives every pipeline status its candidate word', () => {
    expect(candidateStatusOf('Submitted')).toBe('submitted');
    expect(candidateStatusOf('Shortlisted')).toBe('in_review');
    expect(candidateStatusOf('Interview')).toBe('interview');
    expect(candidateStatusOf('Offer')).toBe('offer');
    expect(candidateStatusOf('Hired')).toBe('hired');
    expect(candidateStatusOf('Rejected')).toBe('not_selected');
  });

  it('reads an invite without an application by its answer', () => {
    expect(candidateStatusOf(null, 'pending')).toBeNull();
    expect(candidateStatusOf(null, 'declined')).toBeNull();
    expect(candidateStatusOf(null, 'accepted')).toBe('submitted');
    expect(candidateStatusOf(null, 'cancelled')).toBe('not_selected');
    // The application, once there, decides.
    expect(candidateStatusOf('Offer', 'accepted')).toBe('offer');
  });

  it('labels each word for people', () => {
    expect(CANDIDATE_STATUS_LABELS.in_review).toBe('In review');
    expect(CANDIDATE_STATUS_LABELS.not_selected).toBe('Not selected');
  });
});
