import { configure, waitFor } from '@testing-library/react';
import { afterAll, expect } from 'vitest';
import { TIME_LIMITS } from '../../support/time-limits';
import { eventLoopTurns } from '../../support/wait-until';

// waitFor and findBy* give up after 1 s by default. Under load (the whole suite on 2 cores, or
// beside the browser tests) a router revalidation and its redirect can take longer than that;
// a condition that holds still returns at once, so only a failure waits the whole limit, which
// stays well inside vitest's own test limit (tests/support/time-limits.ts).
configure({ asyncUtilTimeout: TIME_LIMITS.waitMs });

// Toasts are antd's static messages, rendered in a React root of their own that no test unmounts;
// one still closing when a file ends commits after the DOM environment is torn down, and React's
// scheduler then fails on `window` ("window is not defined": an unhandled error that fails the run
// with every test passed). So a file ends only once its toasts are gone and the scheduler's queued
// work (setImmediate callbacks, each run after those queued before it) has drained.
afterAll(async () => {
  if (document.querySelector('.ant-message-notice')) {
    // Loaded only here: a file that showed a toast has the toasts' module (lib/toast/toast.ts) loaded already; the others skip it.
    const { default: message } = await import('antd/es/message');
    message.destroy();
    // happy-dom runs no CSS: each leaving notice is told its animation ended, as a browser would.
    await waitFor(() => {
      for (const notice of document.querySelectorAll('.ant-message-notice')) {
        for (const type of ['transitionend', 'animationend']) notice.dispatchEvent(new Event(type, { bubbles: true }));
      }
      expect(document.querySelector('.ant-message-notice')).toBeNull();
    });
  }
  await eventLoopTurns(10);
});
