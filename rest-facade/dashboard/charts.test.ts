import { describe, expect, it } from 'vitest';
import { chart, niceTicks, type ChartInput } from './charts.js';

const yen = (v: number) => (v >= 100 ? `¥${v.toLocaleString('ja-JP')}` : String(v));
const days = (values: (number | null)[]) =>
  values.map((y, i) => ({ x: `2026-11-${String(i + 1).padStart(2, '0')}`, y }));

function input(overrides: Partial<ChartInput> = {}): ChartInput {
  return {
    id: 'revenue',
    title: 'Revenue',
    format: yen,
    empty: 'No sales yet',
    series: [{ label: 'Revenue', kind: 'bar', points: days([1000, null, 3000, 2000]) }],
    ...overrides,
  };
}

/** The markup on one line: the formatter spreads the templates' tags over lines. */
const render = (chartInput: ChartInput) =>
  chart(chartInput).value.replace(/\s+/g, ' ').replaceAll('> <', '><').replaceAll(' >', '>');

const attrs = (svg: string, tag: string, name: string) =>
  [...svg.matchAll(new RegExp(`<${tag} class="[a-z]+"[^>]*\\b${name}="([\\d.]+)"`, 'g'))].map((m) => Number(m[1]));

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten from 0 past the maximum', () => {
    expect(niceTicks(3000)).toEqual([0, 1000, 2000, 3000]);
    expect(niceTicks(3400)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(niceTicks(17)).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(0.7)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('chart', () => {
  it('draws one bar per day with a value, heights in proportion to the values', () => {
    const svg = render(input());
    const heights = attrs(svg, 'rect', 'height');
    expect(heights).toHaveLength(3);
    expect(heights[1]! / heights[0]!).toBeCloseTo(3, 2);
    expect(heights[2]! / heights[0]!).toBeCloseTo(2, 2);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title id="revenue-title">Revenue</title>');
  });

  it('lists every day in the table, a dash where there is no value', () => {
    const svg = render(input());
    expect(svg).toContain('<tr><th scope="row">2026-11-03</th><td>¥3,000</td></tr>');
    expect(svg).toContain('<tr><th scope="row">2026-11-02</th><td>–</td></tr>');
  });

  it('draws a forecast as a line with its band after the measured days', () => {
    const forecast = [
      { x: '2026-11-05', y: 2500, low: 2000, high: 3000 },
      { x: '2026-11-06', y: 2600, low: 1900, high: 3300 },
    ];
    const svg = render(input({ series: [...input().series, { label: 'Forecast', kind: 'line', points: forecast }] }));
    expect(svg).toMatch(/<polyline class="line"[^>]*points="[\d.]+,[\d.]+ [\d.]+,[\d.]+"/);
    expect(svg).toMatch(/<polygon class="band"[^>]*points="([\d.]+,[\d.]+ ?){4}"/);
    // The forecast days come after the measured ones on the x axis.
    const xs = [...svg.matchAll(/<th scope="row">([\d-]+)<\/th>/g)].map((m) => m[1]);
    expect(xs).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06']);
  });

  it('escapes every label', () => {
    const svg = render(input({ title: '<script>alert(1)</script>' }));
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('says so instead of drawing when there is no value at all', () => {
    const svg = render(input({ series: [{ label: 'Revenue', kind: 'bar', points: days([null, null]) }] }));
    expect(svg).not.toContain('<svg');
    expect(svg).toContain('No sales yet');
  });
});

describe('chart with two bar series', () => {
  it('draws them side by side in each day, not over each other', () => {
    const svg = render(
      input({
        series: [
          { label: 'Issued', kind: 'bar', points: days([10, 20]) },
          { label: 'Claimed', kind: 'bar', points: days([5, 10]) },
        ],
      }),
    );
    const xs = attrs(svg, 'rect', 'x');
    const widths = attrs(svg, 'rect', 'width');
    expect(xs).toHaveLength(4);
    // Issued of day 1 ends where Claimed of day 1 begins.
    expect(xs[0]! + widths[0]!).toBeCloseTo(xs[2]!, 1);
    expect(svg).toContain('<tr><th scope="row">2026-11-02</th><td>20</td><td>10</td></tr>');
  });
});
