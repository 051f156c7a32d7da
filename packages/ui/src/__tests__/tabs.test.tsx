import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from '../tabs.tsx';

const tabs = [
  { id: 'all', label: 'All', content: <p>Every applicant</p> },
  { id: 'recommended', label: 'Recommended', content: <p>Ranked for you</p> },
  { id: 'saved', label: 'Saved', content: <p>Your shortlist</p> },
];

describe('Tabs', () => {
  it('lets only the selected tab be reached with Tab (roving tabindex)', () => {
    render(<Tabs label="Applicant lists" tabs={tabs} />);
    const [all, recommended, saved] = screen.getAllByRole('tab');
    expect(all).toHaveAttribute('tabindex', '0');
    expect(recommended).toHaveAttribute('tabindex', '-1');
    expect(saved).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'All' })).toHaveTextContent('Every applicant');
  });

  it('moves and selects with the arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Applicant lists" tabs={tabs} />);
    await user.click(screen.getByRole('tab', { name: 'All' }));

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Recommended' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Recommended' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Ranked for you');

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Saved' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Saved' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });
});
