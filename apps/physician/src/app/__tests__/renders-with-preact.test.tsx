import { createRequire } from 'node:module';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../store.ts';

describe('the renderer under test', () => {
  it('is Preact, as in the built app: React is never loaded beside it', () => {
    const router = createMemoryRouter([{ path: '/', element: <p>Rendered</p> }]);
    render(
      <Provider store={createAppStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(screen.getByText('Rendered')).toBeInTheDocument();
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.filter((path) => /[\\/]node_modules[\\/](react|react-dom)[\\/]/.test(path))).toEqual([]);
  });
});
