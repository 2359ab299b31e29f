import type { Page } from 'playwright-core';

/** One LCP reading: when it painted (ms from navigation start) and which element it was, with its size. */
export interface LcpReading {
  ms: number;
  element: string;
}

/** The page's latest largest-contentful-paint entry (buffered), with the element it names and its area. */
export function readLcp(page: Page): Promise<LcpReading> {
  return page.evaluate(
    () =>
      new Promise<LcpReading>((resolve, reject) => {
        setTimeout(() => reject(new Error('no largest-contentful-paint entry')), 5_000);
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as LargestContentfulPaint;
          const element = entry.element
            ? `<${entry.element.tagName.toLowerCase()} class="${entry.element.getAttribute('class') ?? ''}"> "${(entry.element.textContent ?? '').trim().slice(0, 40)}"`
            : '(an element since removed from the page)';
          resolve({ ms: entry.startTime, element: `${element} ${Math.round(entry.size)} px²` });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}
