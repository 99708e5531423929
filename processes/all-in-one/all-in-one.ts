/**
 * The one-process topology: every subgraph, the gateway (with its graphql-ws event subscriptions) and the REST facade on one port, and the
 * worker's jobs in-process, sharing one ORM (PGlite is a single connection; PostgreSQL gets one
 * pool). Used by `npm start` and the tests.
 */
import type { Server } from 'node:http';
import {
  dashboardCookieKey,
  mountFacade,
  mountNotFound,
  InProcessExecutor,
  receiptPageCookieKey,
} from '../../rest-facade/index.js';
import { resolveSecretsKey } from '../../subgraphs/kernel/auth/secrets-key.js';
import { ALL_ENTITIES, ALL_SUBGRAPHS, applyKeyedMigrationSteps } from '../../subgraphs/index.js';
import { SqlAccessTokenVerifier } from '../../subgraphs/kernel/auth/access-token-verifier.js';
import { Authenticator } from '../../subgraphs/kernel/auth/authenticate.js';
import { resolveOperatorToken } from '../../subgraphs/kernel/auth/operator-credential.js';
import { closeOrm, createOrm, migrate, rootEntityManager, type Orm } from '../../subgraphs/kernel/db/orm.js';
import type { Env } from '../../subgraphs/kernel/env.js';
import type { RateLimitRule } from '../../subgraphs/kernel/rate-limit/rules.js';
import { createHttpApp, listenHttp } from '../../subgraphs/kernel/http/app.js';
import { mountHealth } from '../../subgraphs/kernel/http/health.js';
import { mountJsonErrorHandler } from '../../subgraphs/kernel/http/json-errors.js';
import { loadDemoData, type DemoSummary } from '../demo/demo-data.js';
import { mountDevOutbox } from '../../subgraphs/identity/mail/dev-outbox.page.js';
import { createGatewayServer } from '../../gateway/gateway.js';
import { JobRunner } from '../worker/job-runner.js';
import { workerJobs } from '../worker/jobs.js';
import { LoopRunner } from '../worker/loop-runner.js';
import { workerLoops } from '../worker/loops.js';
import { createEventListener } from '../../subgraphs/kernel/events/listener.js';
import { mountGraphQL } from '../../gateway/graphql-http.js';
import { startEventSubscriptions, type EventSubscriptions } from '../../gateway/subscriptions/index.js';
import { DEMO_DASHBOARD_CLIENT, DEMO_RECEIPT_PAGE_CLIENT, demoSignInPath } from '../demo/demo-apps.js';

export interface RunningService {
  /** Base URL on loopback, e.g. `http://127.0.0.1:4000`. */
  readonly url: string;
  readonly orm: Orm;
  readonly operatorToken: string;
  readonly httpServer: Server;
  /** What demo data was loaded (undefined when seeding was off). */
  readonly demo: DemoSummary | undefined;
  /** The background jobs, run in this process (the worker of the one-process topology). */
  readonly jobs: JobRunner;
  /** Live event subscriptions (graphql-ws on `/graphql`). */
  readonly subscriptions: EventSubscriptions;
  /** The background loops (event publisher, webhook dispatcher), run in this process. */
  readonly loops: LoopRunner;
  /** HTTP and jobs first (requests and a running job finish, bounded), then Apollo and the database. */
  close(): Promise<void>;
}

/** Options of {@link startAllInOne}. */
export interface AllInOneOptions {
  /** The gateway's rate-limit rule table (tests); default the receipt rules of `env`. */
  readonly rateLimitRules?: readonly RateLimitRule[];
}

export async function startAllInOne(env: Env, options: AllInOneOptions = {}): Promise<RunningService> {
  const orm = await createOrm({ env, entities: ALL_ENTITIES });
  try {
    await migrate(orm);
    await applyKeyedMigrationSteps(orm, env);
    const publishedCredentials = env.nodeEnv !== 'production';
    const demo = env.seedDemoData
      ? await loadDemoData(orm, { publishedCredentials, publicUrl: env.publicUrl })
      : undefined;
    const dashboardClient = env.dashboard.client ?? (publishedCredentials && demo ? DEMO_DASHBOARD_CLIENT : undefined);
    const operatorToken = resolveOperatorToken(env);
    const authenticator = new Authenticator(operatorToken, new SqlAccessTokenVerifier(rootEntityManager(orm), env));
    const gateway = await createGatewayServer({ kind: 'in-process', modules: ALL_SUBGRAPHS, orm }, env, {
      rateLimitRules: options.rateLimitRules,
    });

    const app = createHttpApp(env);
    mountHealth(app, orm);
    mountGraphQL(app, gateway, authenticator, { ide: env.nodeEnv !== 'production' });
    mountDevOutbox(app, orm, env);
    mountFacade(app, {
      executor: new InProcessExecutor(gateway, authenticator),
      publicUrl: env.publicUrl,
      nodeEnv: env.nodeEnv,
      receiptPages: {
        // The demo receipt-page app stands in when none is configured and its published secret was seeded.
        client: env.receiptPageClient ?? (publishedCredentials && demo ? DEMO_RECEIPT_PAGE_CLIENT : undefined),
        cookieKey: receiptPageCookieKey(resolveSecretsKey(env)),
      },
      dashboard: {
        // The demo dashboard app stands in when none is configured and its published secret was seeded.
        client: dashboardClient,
        cookieKey: dashboardCookieKey(resolveSecretsKey(env)),
        gatewayPublicUrl: env.dashboard.gatewayPublicUrl,
      },
      landing: {
        graphqlPath: '/graphql',
        signInPath: publishedCredentials && demo ? demoSignInPath(env.publicUrl) : undefined,
        eventsPath: dashboardClient ? '/dashboard/events' : undefined,
        outboxPath: env.smtpUrl || env.nodeEnv === 'production' ? undefined : '/dev/outbox',
      },
    });
    mountNotFound(app);
    mountJsonErrorHandler(app);

    const listener = await listenHttp(app, env.port, env.host, { shutdownTimeoutMs: env.shutdownTimeoutMs });
    // One LISTEN connection for the process: the background loops and the subscriptions share it.
    const events = createEventListener(orm, env);
    const subscriptions = await startEventSubscriptions(listener.httpServer, orm, env, authenticator, {
      listener: events,
    }).catch(async (error: unknown) => {
      await Promise.all([listener.close(), events.close()]);
      throw error;
    });
    const jobs = new JobRunner(rootEntityManager(orm), workerJobs(env));
    jobs.start();
    const loops = new LoopRunner(rootEntityManager(orm), workerLoops(env), events);
    await loops.start();
    return {
      url: listener.url,
      orm,
      operatorToken,
      httpServer: listener.httpServer,
      demo,
      jobs,
      subscriptions,
      loops,
      async close() {
        await Promise.all([
          listener.close(),
          subscriptions.close(),
          jobs.stop(env.shutdownTimeoutMs),
          Promise.all([subscriptions.close(), loops.stop(env.shutdownTimeoutMs)]).then(() => events.close()),
        ]);
        await gateway.stop();
        await closeOrm(orm, env.shutdownTimeoutMs);
      },
    };
  } catch (error) {
    await orm.close(true);
    throw error;
  }
}
