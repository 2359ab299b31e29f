import { describe, expect, it } from 'vitest';
import { criticalCss } from '../../../scripts/critical-css';

const PAGE = `<!doctype html><html lang="en"><head><title>t</title></head><body>
  <div class="auth-card"><h1 class="auth-card__title">Welcome back</h1>
  <form><input class="auth-input" name="email"><button type="submit" class="auth-button">Sign in</button></form>
  <p>New? <a href="/register">Create an account</a></p></div>
  <div id="root"></div></body></html>`;

describe('criticalCss', () => {
  it('when a rule names only what the page lacks, then it is left out; the rules naming the page are kept in their order', () => {
    const css = '.auth-card{max-width:440px}.shell__navbar{height:64px}.auth-input{width:100%}.ant-btn{color:red}h1{margin:0}';
    expect(criticalCss(css, PAGE)).toBe('.auth-card{max-width:440px}.auth-input{width:100%}h1{margin:0}');
  });

  it('when a selector needs a skin, a direction or a state the page gets later, then its rule is kept', () => {
    const css = [
      '.dark-layout .auth-card{background:#141414}',
      'body.dark-layout{color:#fff}',
      'html[dir=rtl] body *{unicode-bidi:plaintext}',
      '.auth-input:hover{border-color:#8a80f0}',
      '.auth-button:focus-visible{outline:2px solid}',
      ':focus-visible{outline-offset:2px}',
      'form:disabled .auth-input{color:gray}',
      '.boot-signed-in #root{display:none}',
      '.dark-layout .shell__sider{background:#000}',
    ].join('');
    const kept = criticalCss(css, PAGE);
    expect(kept).not.toContain('.shell__sider');
    expect(kept).toBe(css.replace('.dark-layout .shell__sider{background:#000}', ''));
  });

  it("when a group holds rules for the page and others, then the group is kept with the page's rules only; an empty group goes", () => {
    const css =
      '@media (width<=575px){.auth-card{padding:16px}.shell__content{padding:8px}}@media print{.shell__sider{display:none}}@supports (display:grid){.auth-input{display:block}}';
    expect(criticalCss(css, PAGE)).toBe('@media (width<=575px){.auth-card{padding:16px}}@supports (display:grid){.auth-input{display:block}}');
  });

  it('when keyframes animate a kept rule, then they are kept; keyframes only left-out rules use go', () => {
    const css = '.auth-button{animation:pulse 1s}.route-fade{animation-name:fade}@keyframes pulse{to{opacity:1}}@keyframes fade{to{opacity:0}}';
    expect(criticalCss(css, PAGE)).toBe('.auth-button{animation:pulse 1s}@keyframes pulse{to{opacity:1}}');
  });

  it('when a selector list names the page once, then the whole rule is kept; a selector the matcher cannot read keeps its rule too', () => {
    const css = '.shell__brand,.auth-card__title{font-weight:700}.auth-input:not(:disabled){cursor:text}';
    const kept = criticalCss(css, PAGE);
    expect(kept).toContain('.shell__brand,.auth-card__title{font-weight:700}');
    expect(kept).toContain('.auth-input:not(:disabled){cursor:text}');
  });

  it('when every rule names the page, then the stylesheet comes back unchanged (nothing to load later)', () => {
    const css = ':root{--brand:#6356e8}a{color:var(--brand)}@font-face{font-family:X;src:url(x.woff2)}';
    expect(criticalCss(css, PAGE)).toBe(css);
  });
});
