/**
 * The demo credentials published in the README and printed by `npm start` (processes/demo/demo-data.ts and
 * processes/demo/demo-apps.ts seed them). Anyone can read them, so in production they are refused outright:
 * sign-in with one of these passwords and client authentication with one of these secrets fail as
 * invalid credentials, even for demo data seeded on purpose or a database seeded in development.
 */
import type { Env } from '../kernel/env.js';

/** The demo users' passwords (processes/demo/demo-data.ts, DEMO_USERS). */
export const PUBLISHED_DEMO_PASSWORDS: ReadonlySet<string> = new Set([
  'hanako loves green tea',
  'sakura mart opens at nine',
  'midori cafe roasts its own beans',
]);

/** The demo apps' client secrets (processes/demo/demo-apps.ts). */
export const PUBLISHED_DEMO_CLIENT_SECRETS: ReadonlySet<string> = new Set([
  'rmps_demo_consumer_app_secret_for_demos_only',
  'rmps_demo_sakura_partner_secret_for_demos_only',
  'rmps_demo_receipt_page_secret_for_demos_only',
  'rmps_demo_dashboard_secret_for_demos_only',
]);

/** True when `password` is a published demo password and this is production: refuse it. */
export function isRefusedDemoPassword(env: Pick<Env, 'nodeEnv'>, password: string): boolean {
  return env.nodeEnv === 'production' && PUBLISHED_DEMO_PASSWORDS.has(password);
}

/** True when `secret` is a published demo client secret and this is production: refuse it. */
export function isRefusedDemoClientSecret(env: Pick<Env, 'nodeEnv'>, secret: string | null | undefined): boolean {
  return env.nodeEnv === 'production' && typeof secret === 'string' && PUBLISHED_DEMO_CLIENT_SECRETS.has(secret);
}
