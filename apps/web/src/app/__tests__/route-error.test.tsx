import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';

vi.mock('../../features/legal/components/legal-screens.tsx', () => ({
  TermsConditionsScreen: () => {
    throw new Error('Rendering failed');
  },
}));

describe('routing failure', () => {
  it("shows 'Unexpected Application Error!' with a way home", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/terms-conditions');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });
});
