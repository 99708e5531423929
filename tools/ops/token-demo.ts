/**
 * `npm run ops -- token:demo`: a token pair for a demo user through a demo app, obtained the way an
 * app gets one (authorization code with PKCE through the sign-in and consent pages, then the token
 * endpoint), so a newcomer can call the API without writing an OAuth client first.
 */
import { BrowserFlowError, runBrowserFlow } from './browser-flow.js';
import { CommandFailure, text, type LocalCommand } from './command.js';

/** The demo accounts and apps, loaded only when this command runs (they pull in the ORM entities). */
async function demoFacts() {
  // The entity decorators the demo modules load need the metadata polyfill first.
  await import('reflect-metadata');
  const [{ DEMO_APPS, DEMO_USERS }, { DEMO_LOOPBACK_REDIRECT_URI }] = await Promise.all([
    import('../../processes/demo/demo-data.js'),
    import('../../processes/demo/demo-apps.js'),
  ]);
  // The loopback redirect is registered for every demo app on any port; it is never fetched.
  return { apps: DEMO_APPS, users: DEMO_USERS, redirectUri: DEMO_LOOPBACK_REDIRECT_URI };
}

function required<T>(value: T | undefined, flag: string, why: string): T {
  if (value === undefined) throw new CommandFailure(400, 'validation_failed', `Pass --${flag}: ${why}.`);
  return value;
}

export const TOKEN_DEMO: LocalCommand = {
  name: 'token:demo',
  summary:
    'Sign a user in through an app (authorize, sign-in form, consent, token endpoint; PKCE) and print the token pair. Defaults: hanako through rmp_demo_consumer_app with every scope of the app.',
  flags: {
    user: { value: 'E' },
    password: { value: 'P' },
    app: { value: 'CLIENT_ID' },
    'client-secret': { value: 'S' },
    scopes: { value: '"s1 s2"' },
    business: { value: 'ID' },
    'redirect-uri': { value: 'U' },
    url: { value: 'BASE_URL' },
  },
  async run(flags, defaultBaseUrl) {
    const { apps, users, redirectUri } = await demoFacts();
    const email = text(flags, 'user') ?? 'hanako@example.com';
    const clientId = text(flags, 'app') ?? 'rmp_demo_consumer_app';
    const app = apps.find((a) => a.clientId === clientId);
    const user = users.find((u) => u.email === email);
    const scopes =
      text(flags, 'scopes')
        ?.split(' ')
        .filter((s) => s !== '') ?? app?.scopes;
    try {
      return await runBrowserFlow({
        baseUrl: text(flags, 'url') ?? defaultBaseUrl,
        clientId,
        clientSecret: required(text(flags, 'client-secret') ?? app?.clientSecret, 'client-secret', 'not a demo app'),
        redirectUri: text(flags, 'redirect-uri') ?? redirectUri,
        scopes: required(scopes, 'scopes', 'not a demo app'),
        email,
        password: required(text(flags, 'password') ?? user?.password, 'password', 'not a demo user'),
        ...(text(flags, 'business') !== undefined ? { businessAccountId: text(flags, 'business') } : {}),
      });
    } catch (error) {
      if (!(error instanceof BrowserFlowError)) throw error;
      throw new CommandFailure(error.status, 'token_flow_failed', error.message);
    }
  },
};
