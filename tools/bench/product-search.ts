/**
 * The back office's product search at a fixed arrival rate: GraphQL `products(search:, first: 20)`
 * and a share of `productByBarcode` (a scan at the till) by a partner app's business token, POST
 * /graphql on the one-process service, from an open loop in a fresh process (open-loop-process.ts),
 * after a warm-up at the same rate. Every answer is checked (data, no errors; a barcode finds its
 * product), then the statements are explained as the service issues them.
 *
 * Setup, not measured: the business and its token (business-token.ts, scope store.products.read),
 * its catalogue (catalogue.ts) and a second business's, a fifth as large, so the business filter
 * has something to leave out.
 */
import pg from 'pg';
import { ProductOrder } from '../../subgraphs/stores/product/product.input.js';
import { productListStatements, WALK_WINDOW } from '../../subgraphs/stores/product/product-list.js';
import { createBenchBusiness } from './business-token.js';
import { janOf, loadCatalogue, SEARCH_TERMS } from './catalogue.js';
import { explainStatement, type PlanSummary } from './explain.js';
import type { Target } from './load.js';
import type { OpenLoopRequest } from './open-loop.js';
import { openLoopInProcess } from './open-loop-process.js';
import type { ReceiptMeasurement } from './receipts.js';

const PAGE = 20;
/** Every BARCODE_EVERY-th request is a barcode lookup, the others searches. */
const BARCODE_EVERY = 5;

const SEARCH = 'query($q: String!) { products(search: $q, first: 20) { nodes { id name priceAmount } } }';
const BY_BARCODE = 'query($b: String!) { productByBarcode(barcode: $b) { id name priceAmount } }';

export interface ProductSearchSettings {
  /** Products of the bench business. */
  readonly products: number;
  /** Requests per second. */
  readonly rate: number;
  readonly duration: number;
  readonly warmup: number;
}

/** One explained statement: what it is and its plan. */
export interface ExplainedStatement {
  readonly label: string;
  readonly plan: PlanSummary;
}

export interface ProductSearchResult {
  readonly products: number;
  readonly loadSeconds: number;
  readonly row: ReceiptMeasurement;
  /** The service's CPU time per measured request (its process: GraphQL, ORM, everything). */
  readonly serviceCpuMsPerRequest: number;
  /** Answers checked: searches (with how many nodes in all) and barcode lookups found. */
  readonly check: { readonly searches: number; readonly nodes: number; readonly barcodes: number };
  readonly plans: readonly ExplainedStatement[];
}

/** The i-th request of a run: a barcode lookup of a product, or a search for a term of the rotation. */
function requestOf(i: number, token: string, products: number): OpenLoopRequest {
  const barcode = i % BARCODE_EVERY === BARCODE_EVERY - 1;
  const body = barcode
    ? { query: BY_BARCODE, variables: { b: janOf(1 + ((i * 7919) % products)) } }
    : { query: SEARCH, variables: { q: SEARCH_TERMS[i % SEARCH_TERMS.length] } };
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  };
}

interface Answer {
  data?: { products?: { nodes: unknown[] }; productByBarcode?: { id: string } } | null;
  errors?: unknown[];
}

/** Checks every answer: no errors, a search has nodes, a lookup found its product. Throws otherwise. */
function checkAnswers(bodies: readonly string[]): ProductSearchResult['check'] {
  let searches = 0;
  let nodes = 0;
  let barcodes = 0;
  bodies.forEach((text, i) => {
    const answer = JSON.parse(text) as Answer;
    if (answer.errors || !answer.data) throw new Error(`product search: answer ${i}: ${text.slice(0, 300)}`);
    if (answer.data.products) {
      searches += 1;
      nodes += answer.data.products.nodes.length;
    } else if (answer.data.productByBarcode?.id) barcodes += 1;
  });
  if (searches + barcodes !== bodies.length) throw new Error('product search: an answer of neither kind');
  return { searches, nodes, barcodes };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the service runs for every term
 * (subgraphs/stores/product/product-list.ts): the bounded walk of the name order, and the matches
 * collected through a text index and sorted when the walk did not fill the page; and the barcode lookup.
 */
async function explainProducts(client: pg.Client, businessAccountId: string): Promise<ExplainedStatement[]> {
  const plans: ExplainedStatement[] = [];
  for (const term of SEARCH_TERMS) {
    const { walk, page } = productListStatements({
      businessAccountId,
      search: term,
      status: null,
      storeId: null,
      orderBy: ProductOrder.name,
      after: null,
      limit: PAGE + 1,
    });
    const walked = walk ? await explainStatement(client, walk) : null;
    if (walked)
      plans.push({ label: `search=${term}: the walk of ${WALK_WINDOW} products in name order`, plan: walked });
    if (!walked || walked.rows < PAGE + 1)
      plans.push({
        label: `search=${term}: the matches through the text index, sorted`,
        plan: await explainStatement(client, page),
      });
  }
  // As ProductService.byBarcode asks for it (em.findOne, ordered by id, one row).
  const barcode = {
    sql: 'select p.* from "product" p where p."barcode" = ? and p."business_account_id" = ? order by p."id" asc limit ?',
    params: [janOf(1), businessAccountId, 1],
  };
  plans.push({ label: 'productByBarcode', plan: await explainStatement(client, barcode) });
  return plans;
}

/** Loads the catalogue, runs the warm-up and the measured run, checks the answers, explains. */
export async function measureProductSearch(
  service: Target,
  databaseUrl: string,
  settings: ProductSearchSettings,
): Promise<ProductSearchResult> {
  const business = await createBenchBusiness(service, databaseUrl, {
    name: 'ベンチ商店 株式会社',
    appName: 'Bench products',
    scopes: ['store.products.read'],
  });
  const other = await createBenchBusiness(service, databaseUrl, {
    name: 'ベンチ別商店 株式会社',
    appName: 'Bench products (other)',
    scopes: ['store.products.read'],
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await loadCatalogue(client, other.businessAccountId, Math.ceil(settings.products / 5));
    await loadCatalogue(client, business.businessAccountId, settings.products);
    const loadSeconds = (performance.now() - started) / 1000;
    const run = (count: number, offset: number) =>
      openLoopInProcess({
        url: service.url,
        rate: settings.rate,
        timeoutMs: 10_000,
        keepBodies: true,
        requests: Array.from({ length: count }, (_, i) => requestOf(offset + i, business.token, settings.products)),
      });
    const warm = Math.round(settings.rate * settings.warmup);
    if (warm > 0) checkAnswers((await run(warm, 0)).bodies ?? []);
    const cpuBefore = (await service.cpuMs?.()) ?? Number.NaN;
    const measured = await run(Math.max(1, Math.round(settings.rate * settings.duration)), warm);
    const serviceCpuMs = ((await service.cpuMs?.()) ?? Number.NaN) - cpuBefore;
    if (measured.non2xx > 0 || measured.errors > 0)
      throw new Error(`product search: ${JSON.stringify(measured.statuses)}, ${measured.errors} errors`);
    const check = checkAnswers(measured.bodies ?? []);
    const row: ReceiptMeasurement = {
      scenario: `POST products search / barcode at ${settings.rate}/s`,
      rps: measured.rps,
      p50: measured.p50,
      p95: measured.p95,
      p99: measured.p99,
      requests: measured.requests,
      non2xx: measured.non2xx,
      errors: measured.errors,
      generatorLag: measured.maxSendLag,
    };
    const serviceCpuMsPerRequest = serviceCpuMs / measured.requests;
    const plans = await explainProducts(client, business.businessAccountId);
    return { products: settings.products, loadSeconds, row, serviceCpuMsPerRequest, check, plans };
  } finally {
    await client.end();
  }
}
