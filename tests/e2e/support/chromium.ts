/**
 * Debian's Chromium (test tools may not download browsers here) and the flags it needs. The browser
 * suite drives its headless shell (package chromium-headless-shell: the same Blink and V8 without the
 * full browser around them, what Playwright itself runs headless): the same specs took a sixth less
 * CPU than in the full browser. The benchmarks measure pages in the full browser a vendor runs.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * What the browser suite adds (the benchmarks measure the browser as shipped, without these). Each
 * test opens its pages in a fresh context and leaves them seconds later, so V8's optimising tiers
 * (Maglev, TurboFan) compile code that is thrown away before it pays back: only the interpreter and
 * the baseline compiler run. And the back/forward cache is off: every navigation would otherwise
 * keep the page it leaves alive, frozen in memory; the app must work without it (a browser may
 * evict any page), and the specs that go back then see the page loaded again. Together about a
 * sixth less CPU for the same specs on the 2-core machine (every-page.spec.ts included, whose axe
 * runs are the longest-lived code of the suite), where Chromium is three quarters of the browser
 * suite's CPU.
 */
export const SUITE_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--max-opt=1', '--disable-features=BackForwardCache'];
