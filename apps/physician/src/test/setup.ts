import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

configure({ asyncUtilTimeout: 5000 });

// No test opens a real socket: the shell's live connection gets one that never connects.
vi.mock('socket.io-client', () => ({
  io: () => ({ on: () => undefined, close: () => undefined }),
}));

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
  localStorage.clear();
});
