/**
 * The benchmark's baseline: the public store search written by hand with express and pg, the least
 * a service can do for `GET /api/v1/public/stores`. Same filters (LIKE on the lower-cased
 * `search_text` column), same escaping, same order, same paging, same JSON; no GraphQL, no ORM. It
 * runs the page and the count in parallel, as a plain handler would. Its throughput is the yardstick
 * for the facade. Beside it, at `/same-sql`, the same search with the service's own statements.
 */
import express, { type Request, type Response } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { likePattern } from '../../subgraphs/kernel/paging.js';
import { findPrefecture, prefectureByCode } from '../../subgraphs/stores/reference/prefectures.js';
import { isStoreType } from '../../subgraphs/stores/reference/store-types.js';
import { searchDirectoryWith, type StatementRunner } from '../../subgraphs/stores/store/store-directory.query.js';

/** A running baseline server. */
export interface Baseline {
  readonly url: string;
  close(): Promise<void>;
}

interface StoreRow {
  id: string;
  name: string;
  name_kana: string;
  prefecture_code: string;
  store_type: string;
  address: string;
  place_id: string | null;
}

/**
 * The search as SQL: `where` conditions and their parameters, shared by the page and the count.
 * The same conditions as the service's: `search_text` is lower(name || U+001F || kana || U+001F ||
 * address), so the term loses any U+001F and is lower-cased before it becomes a LIKE pattern.
 */
export function publicStoreFilter(
  q: string,
  prefectureCode: string | undefined,
  storeType: string | undefined,
): { where: string; params: unknown[] } {
  const conditions = ['(is_public_listing or place_id is not null)'];
  const params: unknown[] = [];
  if (q) {
    params.push(likePattern(q.replaceAll('\u001f', '').toLowerCase()));
    conditions.push(`search_text like $${params.length}`);
  }
  if (prefectureCode) {
    params.push(prefectureCode);
    conditions.push(`prefecture_code = $${params.length}`);
  }
  if (storeType) {
    params.push(storeType);
    conditions.push(`store_type = $${params.length}`);
  }
  return { where: conditions.join(' and '), params };
}

function positiveInt(raw: unknown, fallback: number): number | undefined {
  if (raw === undefined) return fallback;
  return typeof raw === 'string' && /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;
}

/** The search parameters of `req`, validated as the service does; undefined when one is invalid (a 400). */
function readSearch(req: Request) {
  const query = req.query as Record<string, string | undefined>;
  const q = (query.q ?? '').trim();
  const prefecture = query.prefecture ? findPrefecture(query.prefecture) : undefined;
  const page = positiveInt(query.page, 1);
  const pageSize = positiveInt(query.pageSize, 30);
  if (
    q.length > 100 ||
    (query.prefecture && !prefecture) ||
    (query.storeType && !isStoreType(query.storeType)) ||
    !page ||
    !pageSize
  )
    return undefined;
  return { q, prefecture, storeType: query.storeType, page, size: Math.min(pageSize, 100) };
}

function searchHandler(pool: pg.Pool) {
  return async (req: Request, res: Response): Promise<void> => {
    const search = readSearch(req);
    if (!search) {
      res.status(400).json({ status: 400, code: 'validation_failed' });
      return;
    }
    const { q, prefecture, storeType, page, size } = search;
    const { where, params } = publicStoreFilter(q, prefecture?.code, storeType);
    const n = params.length;
    const [rows, count] = await Promise.all([
      pool.query<StoreRow>(
        `select id, name, name_kana, prefecture_code, store_type, address, place_id from store where ${where}
         order by name_kana asc, id asc limit $${n + 1} offset $${n + 2}`,
        [...params, size, (page - 1) * size],
      ),
      pool.query<{ total: number }>(`select count(*)::int as total from store where ${where}`, params),
    ]);
    const items = rows.rows.map((r) => ({
      storeId: r.id,
      name: r.name,
      nameKana: r.name_kana,
      prefecture: prefectureByCode(r.prefecture_code).name,
      prefectureCode: r.prefecture_code,
      storeType: r.store_type,
      address: r.address,
      placeId: r.place_id,
    }));
    res
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ items, page, pageSize: size, total: count.rows[0]?.total ?? 0 }));
  };
}

/**
 * The same search answered with the service's own statements (`searchDirectoryWith`: the counts the
 * database keeps for a listing, the count-chosen page plan for a text search) on a plain pg pool, at
 * {@link SAME_SQL_PREFIX}: what a hand-written server would cost that issues exactly the service's
 * SQL, so the difference to the facade is the facade's own overhead.
 */
function sameSqlHandler(pool: pg.Pool) {
  const run: StatementRunner = async (statement) => {
    let n = 0;
    const text = statement.sql.replace(/\?/g, () => `$${(n += 1)}`);
    return (await pool.query(text, [...statement.params])).rows as object[];
  };
  return async (req: Request, res: Response): Promise<void> => {
    const search = readSearch(req);
    if (!search) {
      res.status(400).json({ status: 400, code: 'validation_failed' });
      return;
    }
    const { q, prefecture, storeType, page, size } = search;
    const { items, total } = await searchDirectoryWith(
      run,
      { q, prefectureCode: prefecture?.code, storeType },
      { page, pageSize: size, offset: (page - 1) * size },
    );
    res.type('application/json; charset=utf-8').send(
      JSON.stringify({
        items: items.map((s) => ({
          storeId: s.id,
          name: s.name,
          nameKana: s.nameKana,
          prefecture: prefectureByCode(s.prefectureCode).name,
          prefectureCode: s.prefectureCode,
          storeType: s.storeType,
          address: s.address,
          placeId: s.placeId,
        })),
        page,
        pageSize: size,
        total,
      }),
    );
  };
}

/** Where the baseline serves the search with the service's statements ({@link sameSqlHandler}). */
export const SAME_SQL_PREFIX = '/same-sql';

/** Starts the baseline on a random loopback port with a pool of `poolSize` connections. */
export async function startBaseline(databaseUrl: string, poolSize: number): Promise<Baseline> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const app = express();
  app.disable('x-powered-by');
  app.get('/api/v1/public/stores', searchHandler(pool));
  app.get(`${SAME_SQL_PREFIX}/api/v1/public/stores`, sameSqlHandler(pool));
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
