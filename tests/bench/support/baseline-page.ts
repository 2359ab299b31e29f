import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback';

/**
 * The LCP baseline: a static page with no script, laid out like the login card: brand, the
 * "Welcome back" heading, the one-line subtitle, the two labelled fields with "Show", the
 * "Forgot password?" link, "Sign in" and the footer link, in a centred 440 px card on the same
 * background. Written here by hand, not taken from the build, so it stays what a plain static
 * page of that layout costs to paint whatever the app's page becomes. (Until 2026-11-24 it had
 * the brand, heading and subtitle only: docs/benchmarks.md, has the figures against both.)
 */
const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Vendor dashboard</title>
    <style>
      body { margin: 0; font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif; }
      .page { min-height: 100vh; display: flex; align-items: center; justify-content: center; background: linear-gradient(135deg, #f4f2ff 0%, #fff5f9 100%); }
      .card { width: 100%; max-width: 440px; padding: 24px; background: #fff; border-radius: 8px; box-shadow: 0 8px 24px rgba(34, 41, 47, 0.08); }
      .brand { font-size: 20px; font-weight: 700; color: #6356e8; margin-bottom: 16px; }
      h1 { font-size: 24px; margin: 0 0 8px; }
      p { color: rgba(0, 0, 0, 0.65); font-size: 14px; }
      label { display: block; padding-bottom: 8px; font-size: 14px; }
      .field { margin-bottom: 28px; position: relative; }
      input { box-sizing: border-box; width: 100%; height: 40px; padding: 7px 11px; font: inherit; font-size: 16px; border: 1px solid #d9d9d9; border-radius: 8px; }
      .show { position: absolute; right: 4px; bottom: 4px; height: 32px; padding: 0 10px; border: 0; background: none; color: #6356e8; font: inherit; font-size: 14px; }
      .row { margin-bottom: 16px; }
      a { color: #6356e8; }
      .submit { width: 100%; height: 40px; border: 0; border-radius: 8px; background: #6356e8; color: #fff; font: inherit; font-size: 16px; font-weight: 600; }
      .footer { text-align: center; margin: 16px 0 0; }
    </style>
  </head>
  <body>
    <div class="page">
      <div class="card">
        <div class="brand">Vowly Pro</div>
        <h1>Welcome back</h1>
        <p>Sign in to manage your quotes and customer leads.</p>
        <form method="post">
          <div class="field"><label for="email">Email</label><input id="email" type="email" name="email" autocomplete="username" /></div>
          <div class="field">
            <label for="password">Password</label><input id="password" type="password" name="password" autocomplete="current-password" />
            <button type="button" class="show">Show</button>
          </div>
          <div class="row"><a href="/forgot-password">Forgot password?</a></div>
          <button type="submit" class="submit">Sign in</button>
        </form>
        <p class="footer">New to Vowly Pro? <a href="/register">Create an account</a></p>
      </div>
    </div>
  </body>
</html>
`;

/** A bare node:http server answering every GET with the baseline page. */
export interface BaselinePageServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the baseline page server on an ephemeral loopback port. */
export async function startBaselinePage(): Promise<BaselinePageServer> {
  const body = Buffer.from(HTML);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.length), 'Cache-Control': 'no-cache' });
    res.end(body);
  });
  return {
    url: `${await listenOnLoopback(server)}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
