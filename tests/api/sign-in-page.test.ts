import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSignInPage } from '../../scripts/prerender-sign-in';
import { createTestContext, type TestContext } from '../support/api/test-app';

/** The shape of the built index.html the prerender needs: the overlay, #root, the nonce placeholders, the linked stylesheets. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><meta name="csp-nonce" content="__CSP_NONCE__" /><title>Vendor dashboard</title>
    <link rel="stylesheet" href="/boot.css" />
    <!-- The config the app starts from, fetched while its JavaScript downloads. -->
    <link rel="preload" href="/api/config/app" as="fetch" crossorigin="anonymous" />
    <link rel="preload" href="/api/config/routes" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/session-abc123.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head>
  <body>
    <script src="/boot-skin.js" nonce="__CSP_NONCE__"></script>
    <div id="app-loading" class="app-loading" role="status" aria-live="polite"></div>
    <div id="root"></div>
  </body>
</html>
`;

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

describe('the prerendered sign-in page', () => {
  let ctx: TestContext;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sign-in-page-'));
    await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'index-abc123.css'), '.auth-card{max-width:440px}.shell__navbar{height:64px}');
    await writeFile(path.join(dir, 'boot.css'), '.app-loading{position:fixed}');
    await writeFile(path.join(dir, 'boot-skin.js'), "document.documentElement.setAttribute('data-boot-skin', '');\n");
    await writeSignInPage(dir);
    ctx = await createTestContext({ clientDir: dir });
  });

  afterAll(async () => {
    await ctx?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('when / is requested, then the sign-in card comes as HTML with the config brand, its links and fields, and every script carries this response nonce', async () => {
    const res = await supertest(ctx.app).get('/').expect(200);

    expect(res.type).toBe('text/html');
    const html = res.text;
    expect(html).toContain('<h1 class="auth-card__title">Welcome back</h1>');
    expect(html).toContain('>Vowly Pro</div>');
    expect(html).toContain('Sign in to manage your quotes and customer leads.');
    expect(html).toMatch(/<label class="auth-field__label" for="sign-in-email">Email<\/label><input id="sign-in-email"[^>]* type="email"[^>]* name="email"/);
    expect(html).toMatch(/<input id="sign-in-password"[^>]* type="password"[^>]* name="password"/);
    expect(html).toContain('<button type="submit" class="auth-button">Sign in</button>');
    expect(html).toContain('href="/forgot-password"');
    expect(html).toContain('href="/register"');
    expect(html).toMatch(/Planning an event\? <a href="\/vendors"[^>]*>Find vendors<\/a>/);
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).not.toMatch(/__SIGN_IN_|__CSP_NONCE__/);
    const nonce = nonceOf(res.headers['content-security-policy']);
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    // boot-skin before the card, and one after it: the early form handling and the entry's start.
    expect(scripts).toHaveLength(2);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('["/assets/session-abc123.js"].forEach(');
    expect(html).not.toContain('<link rel="preload"');
    expect(html).toContain('["/api/config/app","/api/config/routes"].forEach(');
    expect(html).toContain('script.src = "/assets/index-abc123.js"');
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).toContain(`<script nonce="${nonce}">document.documentElement.setAttribute('data-boot-skin', '');</script>`);
    expect(html).toContain('<div id="app-loading" class="app-loading" hidden data-boot');
  });

  it("when / is requested, then nothing holds the card's first paint back: the stylesheets come inline with this response nonce, no script, stylesheet or config preload is linked", async () => {
    const res = await supertest(ctx.app).get('/').expect(200);

    const nonce = nonceOf(res.headers['content-security-policy']);
    expect(res.text).toContain(`<style nonce="${nonce}">.app-loading{position:fixed}</style>`);
    expect(res.text).not.toMatch(/<link rel="stylesheet"|<link rel="preload"|<script [^>]*src=/);
  });

  it("when / is requested, then of the app's stylesheet only the card's rules come inline, and the whole of it is loaded after the first paint", async () => {
    const res = await supertest(ctx.app).get('/').expect(200);

    const nonce = nonceOf(res.headers['content-security-policy']);
    expect(res.text).toContain(`<style nonce="${nonce}" data-full-stylesheet="/assets/index-abc123.css">.auth-card{max-width:440px}</style>`);
    expect(res.text).not.toContain('.shell__navbar{');
    expect(res.text).toContain(`document.querySelectorAll('style[data-full-stylesheet]').forEach(`);
    // boot.css is all the page's: nothing of it to load later.
    expect(res.text).toContain(`<style nonce="${nonce}">.app-loading{position:fixed}</style>`);
  });

  it('when / is requested twice, then each response has its own nonce', async () => {
    const [first, second] = [await supertest(ctx.app).get('/'), await supertest(ctx.app).get('/')];
    expect(nonceOf(first.headers['content-security-policy'])).not.toBe(nonceOf(second.headers['content-security-policy']));
    expect(first.text).toContain(`nonce="${nonceOf(first.headers['content-security-policy'])}"`);
  });

  it('when another page is requested, then it gets the plain index.html with the overlay showing', async () => {
    const res = await supertest(ctx.app).get('/register').expect(200);
    expect(res.text).not.toContain('Welcome back');
    expect(res.text).toContain('<div id="app-loading" class="app-loading" role="status"');
  });
});
