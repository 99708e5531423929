/** The demo credentials `npm start` prints: published demo accounts and OAuth apps, never for production. */
import { isUserScope } from '../../subgraphs/kernel/auth/scopes.js';
import { DEMO_APPS, DEMO_USERS } from '../demo/demo-data.js';
import { demoRedirectUris } from '../demo/demo-apps.js';

/** One app's line: how many scopes of which audience, and whether its owner is asked to consent. */
export function demoAppSummary(app: { name: string; scopes: readonly string[]; firstParty: boolean }): string {
  const count = app.scopes.length;
  const audience = app.scopes.every(isUserScope) ? 'user' : 'business';
  const consent = app.firstParty ? 'first-party, no consent asked' : 'consent asked';
  return `${app.name}: ${count} ${audience} ${count === 1 ? 'scope' : 'scopes'}, ${consent}`;
}

/** The demo sign-in accounts and OAuth apps, as printed at start. */
export function demoCredentials(publicUrl: string): string[] {
  return [
    '  Demo users   (email / password)',
    ...DEMO_USERS.map((u) => `    ${u.email}  /  ${u.password}`),
    `  Demo apps    (redirect URIs: ${demoRedirectUris(publicUrl).join(', ')})`,
    ...DEMO_APPS.flatMap((app) => [
      `    ${demoAppSummary(app)}`,
      `      client_id ${app.clientId}  client_secret ${app.clientSecret}`,
    ]),
  ];
}
