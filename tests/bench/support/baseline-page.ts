import { createServer } from 'node:http';

/**
 * The LCP baseline: a static page with no script, laid out like the login card (brand, the
 * "Welcome back" heading, the one-line subtitle, a centred 440 px card on the same background).
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
    </style>
  </head>
  <body>
    <div class="page">
      <div class="card">
        <div class="brand">Vowly Pro</div>
        <h1>Welcome back</h1>
        <p>Sign in to manage your quotes and customer leads.</p>
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
