import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from '../offline-banner.tsx';

describe('the offline banner', () => {
  it('says the person is offline while the browser has no network, and goes when it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    try {
      render(<OfflineBanner />);
      const status = screen.getByRole('status');
      expect(status).toBeEmptyDOMElement();

      onLine.mockReturnValue(false);
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(status).toHaveTextContent("You're offline. Check your connection and try again.");

      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(status).toBeEmptyDOMElement();
    } finally {
      onLine.mockRestore();
    }
  });
});
