import { configure, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, expect } from 'vitest';
import { TIME_LIMITS } from '../../support/time-limits';
import { eventLoopTurns } from '../../support/wait-until';

// waitFor and findBy* give up after 1 s by default. Under load (the whole suite on 2 cores, or
// beside the browser tests) a router revalidation and its redirect can take longer than that;
// a condition that holds still returns at once, so only a failure waits the whole limit, which
// stays well inside vitest's own test limit (tests/support/time-limits.ts).
configure({ asyncUtilTimeout: TIME_LIMITS.waitMs });

/** Closes every toast on the page and waits until each has left (the toasts' module is loaded only when there is one). */
async function removeToasts(): Promise<void> {
  if (!document.querySelector('.ant-message-notice')) return;
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

// Toasts are antd's static messages, rendered in a React root of their own that no test unmounts,
// in the document every file of a worker shares. One asked for as a file ends (or after: a late
// answer, a timer) is drawn a few turns later: it would sit in the next file's page (a test there
// found two alerts), or commit after the DOM environment is torn down, where React's scheduler
// fails on `window` ("window is not defined": an unhandled error that fails the run with every
// test passed). So each file starts without a toast, and ends only once what it queued has been
// drawn, its toasts are gone and the scheduler's queued work (setImmediate callbacks, each run
// after those queued before it) has drained.
beforeAll(removeToasts);
afterAll(async () => {
  // A toast asked for just before the file ended may still be loading its module (the app imports
  // it on first use; on a busy machine that took longer than the turns below, and a billing
  // toast was drawn in the next file's test): once loaded, what was asked is drawn in a few turns.
  await import('antd/es/message');
  await eventLoopTurns(10);
  await removeToasts();
  await eventLoopTurns(10);
});
