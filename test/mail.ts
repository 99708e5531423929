/**
 * The mails a test service sent to its local outbox (no SMTP_URL), and the links in them: tests follow
 * the same links a person would.
 */
import { rootEntityManager } from '../subgraphs/kernel/db/orm.js';
import { MailOutboxMessage } from '../subgraphs/identity/index.js';
import type { TestService } from './harness.js';

/** The mails to `recipient` (normalized address), oldest first. */
export async function mailsTo(service: TestService, recipient: string): Promise<MailOutboxMessage[]> {
  return rootEntityManager(service.orm)
    .fork()
    .find(MailOutboxMessage, { recipient }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

/** The newest mail to `recipient`; throws when there is none. */
export async function latestMailTo(service: TestService, recipient: string): Promise<MailOutboxMessage> {
  const mail = (await mailsTo(service, recipient)).at(-1);
  if (!mail) throw new Error(`no mail to ${recipient}`);
  return mail;
}

/** The first link in `body` whose path is `path`, as a path with its query (`/oauth/verify-email?token=…`). */
export function linkIn(body: string, path: string): string {
  for (const match of body.matchAll(/https?:\/\/[^\s]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${path} link in: ${body}`);
}

/** The `token` parameter of the first `path` link in `body`. */
export function tokenIn(body: string, path: string): string {
  return new URLSearchParams(linkIn(body, path).split('?')[1] ?? '').get('token') ?? '';
}
