import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

configure({ asyncUtilTimeout: 5000 });

// happy-dom forgets that an option was marked selected when it is added to a <select>; browsers
// keep it selected (Chromium checked). Preact renders `<select defaultValue>` that way: marked
// options, then added, so without this a select would read as its first option under test only.
for (const method of ['appendChild', 'insertBefore'] as const) {
  const original = HTMLSelectElement.prototype[method] as (...args: unknown[]) => Node;
  Object.defineProperty(HTMLSelectElement.prototype, method, {
    configurable: true,
    writable: true,
    value(this: HTMLSelectElement, ...args: unknown[]) {
      const [added] = args;
      const isSelected = added instanceof HTMLOptionElement && added.selected;
      const result = original.apply(this, args);
      if (isSelected) added.selected = true;
      return result;
    },
  });
}

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
