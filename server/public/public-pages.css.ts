/**
 * The look of the server-drawn public pages until the app mounts (a style tag with the response's
 * nonce: the CSP allows no inline style otherwise). Small on purpose: it holds nothing back.
 */
export const PUBLIC_PAGES_CSS = `
.pp{box-sizing:border-box;max-width:960px;margin:0 auto;padding:24px 16px 48px;font:16px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;color:#2b2b33}
.pp *,.pp *::before,.pp *::after{box-sizing:inherit}
.pp h1{font-size:1.75rem;line-height:1.25;margin:0 0 4px}
.pp h2{font-size:1.25rem;margin:32px 0 12px}
.pp h3{font-size:1.05rem;margin:0 0 8px}
.pp a{color:#4b3fd6}
.pp ul{list-style:none;margin:0;padding:0}
.pp-muted{color:#5f5f6b;margin:0 0 4px}
.pp-header{display:flex;gap:16px;align-items:center}
.pp-logo{width:96px;height:auto;max-height:96px;object-fit:contain;border-radius:8px;flex:none}
.pp-rating{margin:4px 0;color:#6b4e00}
.pp-gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px;margin-top:24px}
.pp-gallery img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:6px}
.pp-about{white-space:pre-line}
.pp-cards{display:grid;gap:12px}
.pp-card{border:1px solid #e4e2ee;border-radius:8px;padding:16px}
.pp-card h2{margin:0 0 8px}
.pp-vendor{display:flex;gap:16px;align-items:flex-start}
.pp-vendor img{width:96px;height:96px;object-fit:cover;border-radius:6px;flex:none}
.pp-highlights{margin:0 0 12px!important;padding-left:18px!important;list-style:disc!important}
.pp-button{display:inline-block;padding:8px 16px;border-radius:6px;background:#5b4ee0;color:#fff!important;text-decoration:none;font-weight:600}
.pp-reviews{display:grid;gap:16px}
.pp-review p{margin:0 0 6px}
.pp-reply{margin:8px 0 0;padding:8px 12px;border-left:3px solid #d8d4f3;background:#f7f6fc}
.pp-errors{margin:12px 0!important}
body.dark-layout .pp{color:rgba(255,255,255,.87)}
body.dark-layout .pp a{color:#a9a1ff}
body.dark-layout .pp-muted{color:#b3b3bd}
body.dark-layout .pp-card{border-color:#3a3a44}
body.dark-layout .pp-reply{background:#1f1f27;border-color:#4b4672}
@media (max-width:560px){.pp-header,.pp-vendor{flex-direction:column;align-items:flex-start}}
`.trim();
