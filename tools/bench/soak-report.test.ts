import { describe, expect, it } from 'vitest';
import {
  FLAT_LIVE_HEAP_MB_PER_MIN,
  flatnessVerdict,
  slope,
  soakChartSvg,
  soakTable,
  verdictLine,
  type SoakSample,
} from './soak-report.js';
import { windowOf } from './soak-load.js';

/** Samples every 10 s with live heap `live(t)` (MB, t in seconds) and RSS `rss(t)`. */
function samples(count: number, live: (t: number) => number, rss: (t: number) => number = () => 400): SoakSample[] {
  return Array.from({ length: count }, (_, i) => {
    const atS = (i + 1) * 10;
    return {
      atS,
      rssMb: rss(atS),
      liveHeapMb: live(atS),
      heapUsedMb: 80 + i,
      loopP99Ms: 12 + i,
      loopMaxMs: 30 + i,
      p99Ms: 20 + i,
      requests: 1000,
      failed: 0,
    };
  });
}

describe('slope', () => {
  it('is the least-squares slope, NaN without two distinct points', () => {
    expect(slope([0, 1, 2, 3], [1, 3, 5, 7])).toBeCloseTo(2);
    expect(slope([0, 1, 2], [5, 4, 6])).toBeCloseTo(0.5);
    expect(slope([1], [1])).toBeNaN();
    expect(slope([2, 2], [1, 5])).toBeNaN();
  });
});

describe('flatnessVerdict', () => {
  it('fits the second half only: growth during warm-up does not count', () => {
    // Climbs 100 MB in the first minute, then flat at 400.
    const verdict = flatnessVerdict(samples(12, (t) => (t <= 60 ? 300 + (t * 100) / 60 : 400)));
    expect(verdict.samples).toBe(6);
    expect(verdict.slopeMbPerMin).toBeCloseTo(0);
    expect(verdict.flat).toBe(true);
  });

  it('judges the live heap, not the sawtooth of RSS between major collections', () => {
    // RSS climbs 40 MB a window and falls back every sixth; what survives a full GC stays at 110 MB.
    const sawtooth = flatnessVerdict(
      samples(
        18,
        () => 110,
        (t) => 240 + ((t / 10) % 6) * 40,
      ),
    );
    expect(sawtooth.flat).toBe(true);
    expect(Math.abs(sawtooth.rssSlopeMbPerMin)).toBeGreaterThan(FLAT_LIVE_HEAP_MB_PER_MIN);
    // RSS flat, yet the live heap grows: a leak.
    expect(
      flatnessVerdict(
        samples(
          18,
          (t) => 110 + t / 10,
          () => 400,
        ),
      ).flat,
    ).toBe(false);
  });

  it('is not flat when the live heap grows faster than the threshold over the second half', () => {
    const leak = flatnessVerdict(samples(12, (t) => 400 + ((FLAT_LIVE_HEAP_MB_PER_MIN + 1) * t) / 60));
    expect(leak.slopeMbPerMin).toBeCloseTo(FLAT_LIVE_HEAP_MB_PER_MIN + 1);
    expect(leak.flat).toBe(false);
    const slow = flatnessVerdict(samples(12, (t) => 400 + ((FLAT_LIVE_HEAP_MB_PER_MIN - 1) * t) / 60));
    expect(slow.flat).toBe(true);
  });

  it('is not flat with too few samples to fit', () => {
    const verdict = flatnessVerdict(samples(1, () => 400));
    expect(verdict.slopeMbPerMin).toBeNaN();
    expect(verdict.flat).toBe(false);
  });

  it('reads as one line with the slope and the threshold', () => {
    expect(verdictLine(flatnessVerdict(samples(6, (t) => 400 + t / 6)))).toBe(
      `MEMORY GREW: live heap (after a full GC at each sample) slope over the second half 10.00 MB/min (3 samples; flat means <= ${FLAT_LIVE_HEAP_MB_PER_MIN} MB/min); RSS slope 0.00 MB/min`,
    );
    expect(verdictLine(flatnessVerdict(samples(6, () => 400)))).toMatch(
      /^memory stayed flat: live heap .* 0\.00 MB\/min/,
    );
  });
});

describe('soakTable', () => {
  it('prints one row per sample under the header', () => {
    const lines = soakTable(
      samples(
        2,
        () => 110,
        () => 401.26,
      ),
    ).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('RSS MB');
    expect(lines[0]).toContain('live heap MB');
    expect(lines[1]).toMatch(/^\s+10 s\s+401\.3\s+80\.0\s+110\.0\s+12\.0\s+30\.0\s+20\.0\s+1000\s+0$/);
  });
});

describe('soakChartSvg', () => {
  const svg = soakChartSvg(
    samples(
      6,
      () => 110,
      (t) => 400 + t,
    ),
    'caption <&> "quoted"',
  );

  it('is one self-contained SVG document: no script, no link or URL besides the SVG namespace', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/<script|href=|url\(|@import/i);
    expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:\/\//);
  });

  it('draws RSS, heap, live heap, both loop delays and p99 as polylines through every sample', () => {
    const lines = [...svg.matchAll(/<polyline [^>]*points="([^"]*)"/g)].map((m) => m[1]!.split(' '));
    expect(lines).toHaveLength(6);
    for (const points of lines) expect(points).toHaveLength(6);
    for (const name of ['RSS', 'heap used', 'live heap', 'p99', 'max', 'Event-loop delay', 'Request latency p99'])
      expect(svg).toContain(`>${name}`);
  });

  it('puts a higher value higher on the chart (smaller y) and escapes the caption', () => {
    const rss = [...svg.matchAll(/<polyline [^>]*points="([^"]*)"/g)][0]![1]!.split(' ');
    const ys = rss.map((p) => Number(p.split(',')[1]));
    expect(ys[5]!).toBeLessThan(ys[0]!);
    expect(svg).toContain('caption &lt;&amp;&gt; &quot;quoted&quot;');
  });
});

describe('windowOf', () => {
  it('bins requests by their due time into windows of rate × seconds requests', () => {
    expect(windowOf(0, 100, 10)).toBe(0);
    expect(windowOf(999, 100, 10)).toBe(0);
    expect(windowOf(1000, 100, 10)).toBe(1);
    expect(windowOf(2500, 50, 10)).toBe(5);
  });
});
