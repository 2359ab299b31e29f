import { expect, test as base, type ConsoleMessage, type Page } from '@playwright/test';

/** What the browser logs for every refused API call; the screens under test show those refusals themselves. */
const REFUSED_CALL = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * Playwright's `test` with a console guard on every page of the test's context: the test fails
 * when a page logs an error (a CSP violation, a failed asset, React's errors) or throws an
 * uncaught exception. A test that provokes an error on purpose lists it in `allowedConsoleErrors`.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleGuard: void }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ context, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const allowed = [REFUSED_CALL, ...allowedConsoleErrors];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) errors.push(`${message.page()?.url() ?? ''}: ${text}`);
      };
      const onPageError = (error: Error) => errors.push(`uncaught: ${error.message}`);
      const watch = (page: Page) => {
        page.on('console', onConsole);
        page.on('pageerror', onPageError);
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(errors, 'console errors on the pages this test visited').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
