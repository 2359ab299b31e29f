import { afterEach, describe, expect, it } from 'vitest';
import { removePrerenderedPage } from '../../client/src/lib/prerender/prerendered-page';
import { PRERENDERED_PAGE_ID } from '../../shared/prerender/prerendered-page';

/** The page the server drew beside #root (docs/marketplace.md: Public profile and directory), removed once the app draws. */
describe('removePrerenderedPage', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('when the server drew a page beside #root, then it is removed, and #root and the embedded data stay', () => {
    document.body.innerHTML = `<div id="root"><p>app</p></div><div id="${PRERENDERED_PAGE_ID}"><main class="pp"><h1>Sweet Layers</h1></main></div><script type="application/json" id="data">{}</script>`;
    removePrerenderedPage();
    expect(document.getElementById(PRERENDERED_PAGE_ID)).toBeNull();
    expect(document.getElementById('root')?.innerHTML).toBe('<p>app</p>');
    expect(document.getElementById('data')).not.toBeNull();
  });

  it('when there is none (any page the server did not draw), then nothing happens', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => removePrerenderedPage()).not.toThrow();
    expect(document.body.innerHTML).toBe('<div id="root"></div>');
  });
});
