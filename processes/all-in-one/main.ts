/** `npm start`: the whole service in one process, with demo data, printing where everything is. */
import { collectGarbage } from '../full-gc.js';
import { closeOnSignals, loadEnvOrExit } from '../lifecycle.js';
import { TRY_PATH } from '../../rest-facade/landing.js';

import { startAllInOne } from './all-in-one.js';
import { demoCredentials } from './demo-banner.js';

// One full garbage collection once the service is ready. Start-up allocates far more than it keeps
// (migrations, demo data, the subgraph schemas composed into the supergraph), and V8 collects when a
// process allocates: an idle service hardly does, so it kept the heap it grew to while starting (about
// 100 MB more resident memory at idle).
const started = Date.now();
const env = loadEnvOrExit();
const starting = startAllInOne(env);
// Before the start resolves: the service answers /readyz once it listens, which is before
// startAllInOne returns, so a SIGTERM from then on must already close it gracefully.
closeOnSignals('service', starting, env.shutdownTimeoutMs);
const service = await starting;
const base = env.publicUrl;
const lines = [
  '',
  `Retail media platform ready in ${Date.now() - started} ms (${env.databaseUrl ? 'PostgreSQL' : `embedded PostgreSQL at ${env.dataDir}`})`,
  `  GraphQL      ${base}/graphql`,
  `  REST base    ${base}/api/v1`,
  `  API docs     ${base}/docs  (OpenAPI: ${base}/openapi.json)`,
  `  Try          curl '${base}${TRY_PATH}'  (東京都, percent-encoded)`,
  ...(env.smtpUrl || env.nodeEnv === 'production'
    ? []
    : [`  Mail outbox  ${base}/dev/outbox  (no SMTP_URL: mail lands here)`]),
  `  Operator     ${service.operatorToken}${env.operatorTokenGenerated ? '  (generated; npm run ops uses it)' : ''}`,
  ...(service.demo
    ? [
        `  Demo data    ${service.demo.businesses} businesses, ${service.demo.stores} stores; sample store ${service.demo.sampleStoreId}`,
        `  Shop app     ${base}/api/v1/apps/${service.demo.shopId}/manifest  (pages, posts, business-info, membership-card-config)`,
        `  Wallet card  ${base}/api/v1/apps/${service.demo.shopId}/wallet/mobile-a/${service.demo.customerId}  (hanako's token; npm run ops -- wallet:dev-certs first)`,
        `  Receipt page ${base}/receipts/terminal/${service.demo.terminalId}  (a fresh sale, claimable for 10 minutes after start)`,
        // Published demo credentials are for demos: production neither seeds nor accepts them.
        ...(env.nodeEnv === 'production'
          ? ['  Demo logins  none in production (the published demo credentials are refused)']
          : demoCredentials(base)),
      ]
    : []),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
collectGarbage();
