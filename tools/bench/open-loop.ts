/**
 * An open-loop load generator: requests leave at a fixed arrival rate, evenly spaced (one every
 * 1000/rate ms), whether or not earlier ones have been answered, as a terminal fleet's claims do.
 *
 * Why not autocannon's `overallRate`: autocannon spends each connection's share of a second's
 * requests back to back at the start of the second and then pauses, so "200/s over 20 connections"
 * is a closed loop of 20 concurrent requests for part of every second, and its latency is queueing
 * behind that burst rather than the latency at 200 evenly arriving requests per second.
 *
 * Latency is counted from the moment a request was due, not from when it was written (the
 * correction for coordinated omission that wrk2 makes): a generator that falls behind, or a server
 * that stalls it, shows in the figures instead of hiding.
 */
import http from 'node:http';

/** One request of the run. */
export interface OpenLoopRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export interface OpenLoopOptions {
  /** The server's origin, e.g. http://127.0.0.1:4000. */
  readonly url: string;
  /** Requests per second. */
  readonly rate: number;
  /** How many requests in all (the run lasts count / rate seconds). */
  readonly count: number;
  /** The i-th request (0-based). */
  readonly request: (i: number) => OpenLoopRequest;
  /** Per-request timeout (ms); a timed-out request counts as an error. */
  readonly timeoutMs?: number;
  /**
   * Called as each request ends: its latency from its due time (NaN when it failed) and its status (0
   * when it failed). For figures per time window (the soak run), beside the run's own totals.
   */
  readonly onAnswer?: (i: number, latencyMs: number, status: number) => void;
  /** Keep each answer's body (UTF-8) in {@link OpenLoopResult.bodies}, for a check of what came back. Default false. */
  readonly keepBodies?: boolean;
}

/** What an open-loop run measured; latencies in milliseconds. */
export interface OpenLoopResult {
  readonly requests: number;
  /** Answered requests per second over the whole run. */
  readonly rps: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  /** Each request's answer body, '' when it failed; only with {@link OpenLoopOptions.keepBodies}. */
  readonly bodies?: readonly string[];
  /** Answers outside 2xx, by status. */
  readonly statuses: Readonly<Record<number, number>>;
  readonly non2xx: number;
  readonly errors: number;
  /** The largest delay (ms) between a request's due time and its sending: the generator's own lag. */
  readonly maxSendLag: number;
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Sends `options.count` requests at `options.rate` per second and measures their latency. */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { rate, count } = options;
  if (!(rate > 0) || !Number.isInteger(count) || count < 1) throw new Error('openLoop: rate > 0 and count >= 1');
  const origin = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const latencies = new Float64Array(count);
  const statuses: Record<number, number> = {};
  let answered = 0;
  let errors = 0;
  let maxSendLag = 0;
  const bodies = options.keepBodies ? Array.from({ length: count }, () => '') : undefined;

  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const spec = options.request(i);
      maxSendLag = Math.max(maxSendLag, performance.now() - due);
      const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
      const request = http.request(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          method: spec.method,
          path: spec.path,
          headers: { ...spec.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          timeout: timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          if (bodies) response.on('data', (chunk: Buffer) => chunks.push(chunk));
          else response.resume();
          response.on('end', () => {
            if (bodies) bodies[i] = Buffer.concat(chunks).toString('utf8');
            latencies[i] = performance.now() - due;
            answered += 1;
            const status = response.statusCode ?? 0;
            options.onAnswer?.(i, latencies[i], status);
            if (status < 200 || status > 299) statuses[status] = (statuses[status] ?? 0) + 1;
            resolve();
          });
        },
      );
      const fail = () => {
        latencies[i] = Number.NaN;
        errors += 1;
        options.onAnswer?.(i, Number.NaN, 0);
        resolve();
      };
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', fail);
      request.end(body);
    });

  const interval = 1000 / rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      // Every request that is due by now leaves now (a late timer sends the backlog at once).
      while (next < count && started + next * interval <= now) {
        inFlight.push(send(next, started + next * interval));
        next += 1;
      }
      if (next >= count) return done();
      setTimeout(tick, Math.max(0, started + next * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsed = performance.now() - started;
  agent.destroy();

  const measured = Array.from(latencies.filter((value) => !Number.isNaN(value))).sort((a, b) => a - b);
  const non2xx = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  return {
    requests: count,
    rps: (answered / elapsed) * 1000,
    p50: quantile(measured, 0.5),
    p95: quantile(measured, 0.95),
    p99: quantile(measured, 0.99),
    max: measured.at(-1) ?? Number.NaN,
    statuses,
    non2xx,
    errors,
    maxSendLag,
    ...(bodies ? { bodies } : {}),
  };
}
