import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { fakeSockets } from './fake-socket.ts';

// Lazy route chunks are transformed on first import; on a busy two-core machine that can
// outlast the default one second of findBy* and waitFor.
configure({ asyncUtilTimeout: 5000 });

// No test opens a real socket: the signed-in shell's live connection gets a fake one.
vi.mock('socket.io-client', () => import('./fake-socket.ts'));

// The signed-in reducers, which the app loads after the sign-in page, join the store's reducer
// before any test creates a store (the app's own loading of them: app/__tests__/signed-in-state.test.tsx).
// Imported here, after the test file's own module mocks apply, rather than at the top.
beforeAll(async () => {
  await import('../app/signed-in-state.ts');
});

beforeEach(() => {
  // No test reaches a real server: a call a test did not mock fails instead of leaking out.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      throw new TypeError(`Unmocked request to ${String(input)}`);
    }),
  );
});

afterEach(() => {
  cleanup();
  fakeSockets.length = 0;
  localStorage.clear();
});
