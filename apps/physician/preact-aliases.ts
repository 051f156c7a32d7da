import type { Alias } from 'vite';

/**
 * The physician app renders with Preact through preact/compat: every `react` and `react-dom`
 * import, the app's, @medhire/ui's and its libraries' (React Router, react-redux,
 * react-hook-form, Testing Library), resolves here. Why: React 19's react-dom is ~65 KB gzipped
 * of a first download that must stay under 100 KB on a phone; see the README's architecture.
 * Exact names only, so `react-router` and `react-redux` stay what they are.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
