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
