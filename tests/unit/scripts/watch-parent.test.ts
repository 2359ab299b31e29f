import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchParent } from '../../../scripts/watch-parent';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('watchParent', () => {
  it('when the parent id stays the same, then onGone is never called', () => {
    const onGone = vi.fn();
    watchParent({ onGone, parentPid: () => 4242 });

    vi.advanceTimersByTime(10_000);

    expect(onGone).not.toHaveBeenCalled();
  });

  it('when the parent exits and the process is handed to init, then onGone is called once, within one interval', () => {
    let parent = 4242;
    const onGone = vi.fn();
    watchParent({ onGone, intervalMs: 1_000, parentPid: () => parent });
    vi.advanceTimersByTime(3_000);

    parent = 1;
    vi.advanceTimersByTime(1_000);
    vi.advanceTimersByTime(10_000);

    expect(onGone).toHaveBeenCalledTimes(1);
  });

  it('when watching was stopped, then a later change of parent is ignored', () => {
    let parent = 4242;
    const onGone = vi.fn();
    const stop = watchParent({ onGone, parentPid: () => parent });

    stop();
    parent = 1;
    vi.advanceTimersByTime(10_000);

    expect(onGone).not.toHaveBeenCalled();
  });
});
