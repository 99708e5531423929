/**
 * The soak run's pure parts: the flatness verdict, the table of samples and a self-contained SVG chart
 * (inline styles, no script, no external font or URL: it opens offline in any browser).
 */

/** One 10-second window of the soak: the service's state at its end and the requests due in it. */
export interface SoakSample {
  /** Seconds since the load started, at the end of the window. */
  readonly atS: number;
  /** The service's resident set size (MB). */
  readonly rssMb: number;
  /** The service's V8 heap in use (MB). */
  readonly heapUsedMb: number;
  /** The heap still in use right after a full garbage collection at the sample (MB): what is alive. */
  readonly liveHeapMb: number;
  /** Event-loop delay in the service over the window (ms), p99 and max. */
  readonly loopP99Ms: number;
  readonly loopMaxMs: number;
  /** Latency p99 (ms) of the requests due in the window, counted from their due time. */
  readonly p99Ms: number;
  /** Requests due in the window, and those of them that failed or answered outside 2xx. */
  readonly requests: number;
  readonly failed: number;
}

/**
 * The verdict's threshold: the live heap (in use right after a full collection) growing faster than
 * this over the second half of the run is a leak: 2 MB/min is 120 MB an hour. The live heap, not RSS:
 * between major collections garbage promoted to the old space makes RSS and the heap climb and fall
 * in a sawtooth of a hundred MB or more (a first quiet soak: RSS 520 -> 600 -> 240 MB within two
 * minutes), which says nothing about what is retained.
 */
export const FLAT_LIVE_HEAP_MB_PER_MIN = 2;

/** Whether memory stayed flat: the least-squares slope of the live heap over the second half of the samples. */
export interface FlatnessVerdict {
  readonly flat: boolean;
  /** Live heap, MB per minute (NaN with fewer than two samples in the second half). */
  readonly slopeMbPerMin: number;
  /** RSS, MB per minute over the same samples (reported, not judged). */
  readonly rssSlopeMbPerMin: number;
  readonly thresholdMbPerMin: number;
  /** How many samples the slope was fitted to. */
  readonly samples: number;
}

/** Least-squares slope of `ys` over `xs` (NaN with fewer than two distinct xs). */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return Number.NaN;
  const mx = xs.slice(0, n).reduce((a, b) => a + b, 0) / n;
  const my = ys.slice(0, n).reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i += 1) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

/**
 * The second half of the run (the first half holds the warm-up: JIT, caches, pools filling), live
 * heap against time. Flat when the slope is at most {@link FLAT_LIVE_HEAP_MB_PER_MIN}; too few
 * samples is not flat.
 */
export function flatnessVerdict(samples: readonly SoakSample[], thresholdMbPerMin = FLAT_LIVE_HEAP_MB_PER_MIN) {
  const half = samples.slice(Math.floor(samples.length / 2));
  const perMinute = (value: (s: SoakSample) => number) =>
    slope(
      half.map((s) => s.atS),
      half.map(value),
    ) * 60;
  const slopeMbPerMin = perMinute((s) => s.liveHeapMb);
  return {
    flat: Number.isFinite(slopeMbPerMin) && slopeMbPerMin <= thresholdMbPerMin,
    slopeMbPerMin,
    rssSlopeMbPerMin: perMinute((s) => s.rssMb),
    thresholdMbPerMin,
    samples: half.length,
  } satisfies FlatnessVerdict;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** The samples as a text table, one row per window. */
export function soakTable(samples: readonly SoakSample[]): string {
  const header = '     t   RSS MB  heap MB  live heap MB  loop p99 ms  loop max ms  req p99 ms  requests  failed';
  const rows = samples.map(
    (s) =>
      `${`${s.atS.toFixed(0)} s`.padStart(6)} ${fixed(s.rssMb).padStart(8)} ${fixed(s.heapUsedMb).padStart(8)} ${fixed(s.liveHeapMb).padStart(13)} ` +
      `${fixed(s.loopP99Ms).padStart(12)} ${fixed(s.loopMaxMs).padStart(12)} ${fixed(s.p99Ms).padStart(11)} ` +
      `${String(s.requests).padStart(9)} ${String(s.failed).padStart(7)}`,
  );
  return [header, ...rows].join('\n');
}

/** The verdict as one line. */
export function verdictLine(verdict: FlatnessVerdict): string {
  const what = verdict.flat ? 'memory stayed flat' : 'MEMORY GREW';
  return `${what}: live heap (after a full GC at each sample) slope over the second half ${fixed(verdict.slopeMbPerMin, 2)} MB/min (${verdict.samples} samples; flat means <= ${verdict.thresholdMbPerMin} MB/min); RSS slope ${fixed(verdict.rssSlopeMbPerMin, 2)} MB/min`;
}

/** A series of one panel: its name, colour and value per sample. */
interface Series {
  readonly name: string;
  readonly colour: string;
  readonly value: (s: SoakSample) => number;
}

const WIDTH = 760;
const PANEL_HEIGHT = 190;
const MARGIN = { left: 60, right: 20, top: 28, bottom: 34 };

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One panel (title, axes with min/max labels, a polyline per series) at vertical offset `top`. */
function panel(samples: readonly SoakSample[], title: string, unit: string, series: readonly Series[], top: number) {
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = PANEL_HEIGHT - MARGIN.top - MARGIN.bottom;
  const values = series.flatMap((s) => samples.map(s.value)).filter(Number.isFinite);
  const maxY = Math.max(1, ...values) * 1.1;
  const maxX = Math.max(1, ...samples.map((s) => s.atS));
  const x = (t: number) => MARGIN.left + (t / maxX) * plotW;
  const y = (v: number) => top + MARGIN.top + plotH - (Math.max(0, v) / maxY) * plotH;
  const parts = [
    `<text x="${MARGIN.left}" y="${top + 18}" font-size="13" font-weight="bold">${escapeXml(title)}</text>`,
    `<line x1="${MARGIN.left}" y1="${y(0)}" x2="${MARGIN.left + plotW}" y2="${y(0)}" stroke="#888"/>`,
    `<line x1="${MARGIN.left}" y1="${y(0)}" x2="${MARGIN.left}" y2="${y(maxY)}" stroke="#888"/>`,
    `<text x="${MARGIN.left - 6}" y="${y(maxY) + 4}" font-size="10" text-anchor="end">${fixed(maxY, 0)} ${unit}</text>`,
    `<text x="${MARGIN.left - 6}" y="${y(0) + 4}" font-size="10" text-anchor="end">0</text>`,
    `<text x="${MARGIN.left + plotW}" y="${y(0) + 16}" font-size="10" text-anchor="end">${fixed(maxX, 0)} s</text>`,
  ];
  series.forEach((s, i) => {
    const points = samples
      .filter((sample) => Number.isFinite(s.value(sample)))
      .map((sample) => `${x(sample.atS).toFixed(1)},${y(s.value(sample)).toFixed(1)}`)
      .join(' ');
    parts.push(`<polyline fill="none" stroke="${s.colour}" stroke-width="2" points="${points}"/>`);
    const legendX = MARGIN.left + 260 + i * 150;
    parts.push(`<rect x="${legendX}" y="${top + 9}" width="12" height="3" fill="${s.colour}"/>`);
    parts.push(`<text x="${legendX + 16}" y="${top + 14}" font-size="11">${escapeXml(s.name)}</text>`);
  });
  return parts.join('\n');
}

/** The chart: RSS and heap, event-loop delay, request p99, over time; the verdict as its caption. */
export function soakChartSvg(samples: readonly SoakSample[], caption: string): string {
  const panels = [
    panel(
      samples,
      'Memory',
      'MB',
      [
        { name: 'RSS', colour: '#1f77b4', value: (s) => s.rssMb },
        { name: 'heap used', colour: '#ff7f0e', value: (s) => s.heapUsedMb },
        { name: 'live heap', colour: '#8c564b', value: (s) => s.liveHeapMb },
      ],
      0,
    ),
    panel(
      samples,
      'Event-loop delay (service)',
      'ms',
      [
        { name: 'p99', colour: '#2ca02c', value: (s) => s.loopP99Ms },
        { name: 'max', colour: '#d62728', value: (s) => s.loopMaxMs },
      ],
      PANEL_HEIGHT,
    ),
    panel(
      samples,
      'Request latency p99 (from due time)',
      'ms',
      [{ name: 'p99', colour: '#9467bd', value: (s) => s.p99Ms }],
      2 * PANEL_HEIGHT,
    ),
  ];
  const height = 3 * PANEL_HEIGHT + 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...panels,
    `<text x="${MARGIN.left}" y="${height - 8}" font-size="12">${escapeXml(caption)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
