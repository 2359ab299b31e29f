import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../db/database';
import { escapeHtml } from '../mail/mail';

// No NUL: PostgreSQL refuses one in a text comparison (a 500), and no address holds one.
const query = z.object({
  to: z
    .string()
    .max(254)
    .refine((to) => !to.includes('\u0000'), 'An address has no NUL character')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * The development outbox: mail that would have been sent, newest first, as a page
 * (`/dev/outbox`) and as JSON (`/dev/outbox.json`); mounted at /dev by the development tools,
 * which decide who may read it.
 */
export function outboxRouter(database: Database): Router {
  const router = Router();
  const list = (to: string | undefined, limit: number) => {
    let q = database.db
      .selectFrom('dev_mailbox')
      .select(['to_address', 'subject', 'text_body', 'html_body', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
    if (to) q = q.where('to_address', '=', to.toLowerCase());
    return q.execute();
  };

  router.get('/outbox.json', async (req, res) => {
    const { to, limit } = query.parse(req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await list(to, limit) });
  });

  router.get('/outbox', async (req, res) => {
    const { to, limit } = query.parse(req.query);
    const mails = await list(to, limit);
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><strong>To:</strong> ${escapeHtml(m.to_address)} · ${new Date(m.created_at).toISOString()}</p>${m.html_body}</article><hr>`,
      )
      .join('\n');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    res
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title></head><body><h1>Outbox (development)</h1><p>Mail is kept here because SMTP_URL is not set.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });

  return router;
}
