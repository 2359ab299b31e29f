import { afterEach, describe, expect, it } from 'vitest';
import { DEFERRED_STYLESHEET, deferredStylesheetsSettled } from '../../client/src/lib/prerender/prerendered-sign-in';

function deferredLink(state = ''): HTMLLinkElement {
  const link = document.createElement('link');
  link.setAttribute(DEFERRED_STYLESHEET, state);
  document.head.append(link);
  return link;
}

/** Whether `promise` has settled by the time the pending tasks have run. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('deferredStylesheetsSettled', () => {
  afterEach(() => document.head.querySelectorAll(`link[${DEFERRED_STYLESHEET}]`).forEach((link) => link.remove()));

  it('when the page loads no stylesheet late (any page but sign-in.html), then it resolves at once', async () => {
    expect(await hasSettled(deferredStylesheetsSettled())).toBe(true);
  });

  it('when the stylesheet already loaded before the app started, then it resolves at once', async () => {
    deferredLink('settled');
    expect(await hasSettled(deferredStylesheetsSettled())).toBe(true);
  });

  it('when the stylesheet is still on the way, then it waits for its load', async () => {
    const link = deferredLink();
    const settled = deferredStylesheetsSettled();
    expect(await hasSettled(settled)).toBe(false);
    link.dispatchEvent(new Event('load'));
    expect(await hasSettled(settled)).toBe(true);
  });

  it('when the stylesheet fails to load, then the app starts anyway rather than never', async () => {
    const link = deferredLink();
    const settled = deferredStylesheetsSettled();
    link.dispatchEvent(new Event('error'));
    expect(await hasSettled(settled)).toBe(true);
  });
});
