// The unit project's set-up (jest.config.js): a component test waits up to 15 s for what a page shows,
// not testing-library's 1 s. On a busy two-core machine (CI's is slower than a developer's) a page's lazy
// parts can take longer than a second to render; a missing element still fails the test, only later.
if (typeof window !== 'undefined') {
  // Loaded only where there is a DOM: the unit suites without one do not pay for testing-library.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('@testing-library/dom') as typeof import('@testing-library/dom')).configure({
    asyncUtilTimeout: 15_000,
  });
}
