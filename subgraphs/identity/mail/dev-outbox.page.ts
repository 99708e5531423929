/**
 * `GET /dev/outbox`: the mails of the local outbox (no SMTP_URL), newest first, as a plain HTML page
 * with their links clickable. Development and test only: {@link mountDevOutbox} mounts nothing in
 * production, where the outbox holds nothing while verification is on (env.ts).
 */
import type { Express, Request, Response } from 'express';
import { rootEntityManager, type Orm } from '../../kernel/db/orm.js';
import type { Env } from '../../kernel/env.js';
import { MailOutboxMessage } from './mail-outbox.entity.js';

/** How many mails the page lists. */
const SHOWN = 50;

const escape = (value: string): string => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The body with its http(s) links made clickable (after escaping, so nothing else becomes markup). */
function withLinks(body: string): string {
  return escape(body).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function render(mails: readonly MailOutboxMessage[]): string {
  const items = mails.map(
    (mail) => `<article>
  <h2>${escape(mail.subject)}</h2>
  <p><small>${escape(mail.recipient)} · ${mail.createdAt.toISOString()}</small></p>
  <pre>${withLinks(mail.body)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f4;padding:.75rem}</style>
</head><body><h1>Outbox (development only)</h1>
<p>Mail that would have been sent over SMTP (SMTP_URL is not set), newest first.</p>
${items.length > 0 ? items.join('\n') : '<p>No mail yet.</p>'}
</body></html>`;
}

/** Mounts `GET /dev/outbox` on `app` unless `env` is production. */
export function mountDevOutbox(app: Express, orm: Orm, env: Pick<Env, 'nodeEnv'>): void {
  if (env.nodeEnv === 'production') return;
  app.get('/dev/outbox', (_req: Request, res: Response, next: (error: unknown) => void) => {
    rootEntityManager(orm)
      .fork()
      .find(MailOutboxMessage, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: SHOWN })
      .then((mails) => {
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
        res.status(200).type('html').send(render(mails));
      })
      .catch(next);
  });
}
