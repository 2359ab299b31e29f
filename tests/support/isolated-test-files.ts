/**
 * Test files that replace a module with `vi.mock`: each runs in a fresh module graph of its own
 * (vitest's `isolate`), since the others share their worker's modules from file to file and a
 * replaced module would leak into them. tests/unit/lint/isolated-test-files.test.ts fails when a
 * file mocks a module and is not listed here.
 */
export const ISOLATED_TEST_FILES = [
  'tests/api/auth/rate-limits.test.ts',
  'tests/api/security/deep-schema.test.ts',
  'tests/client/layout/shell-part-boundary.test.tsx',
];
