import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StageProgress } from '../stage-progress.tsx';

const STAGES = [
  'Account',
  'Verify e-mail',
  'Organization profile',
  'Candidate preferences',
  'Plan and payment',
];

describe('StageProgress', () => {
  it('says which step of how many, and marks the stages as an ordered list with the current one', () => {
    render(<StageProgress label="Sign-up progress" stages={STAGES} current={2} />);
    const progress = screen.getByRole('navigation', { name: 'Sign-up progress' });
    expect(progress).toHaveTextContent('Step 3 of 5: Organization profile');
    const list = within(progress).getByRole('list');
    expect(list.tagName).toBe('OL');
    const stages = within(list).getAllByRole('listitem');
    expect(stages.map((stage) => stage.getAttribute('aria-current'))).toEqual([
      null,
      null,
      'step',
      null,
      null,
    ]);
    // Done stages say so to a screen reader; their number gives way to a check mark.
    expect(stages[0]).toHaveTextContent('Account (done)');
    expect(stages[2]).toHaveTextContent('3Organization profile');
    expect(stages[4]).toHaveTextContent('5Plan and payment');
  });
});
