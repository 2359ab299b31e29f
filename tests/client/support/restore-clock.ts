import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Unmounts what the test drew and gives the real clock back, for files whose tests may switch to
 * the test's clock. What that clock still holds runs first: a toast left leaving (this file's or
 * an earlier one's, sharing the document) would otherwise never finish.
 */
export function unmountAndRestoreClock(): void {
  cleanup();
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  vi.useRealTimers();
}
