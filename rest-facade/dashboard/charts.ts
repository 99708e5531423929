/**
 * Charts of the insights page as inline SVG, drawn on the server: no script, no CDN, nothing the
 * page's Content-Security-Policy has to allow. Bars for measured days, a line for a forecast with its
 * band, a y axis with round ticks, and the same figures in a table for screen readers (and copying).
 */
import { html, type Html } from '../kernel/html.js';

/** One x position: its label (a day) and its value; null draws nothing there (no data, or hidden). */
export interface ChartPoint {
  readonly x: string;
  readonly y: number | null;
  /** For a forecast point: the band around it (e.g. its 80 % interval). */
  readonly low?: number | null;
  readonly high?: number | null;
}

/** A series: bars (measured) or a line (forecast, with its band). */
export interface ChartSeries {
  readonly label: string;
  readonly kind: 'bar' | 'line';
  readonly points: readonly ChartPoint[];
}

/** What {@link chart} draws. */
export interface ChartInput {
  /** Its id (unique in the page), for the title and description references. */
  readonly id: string;
  readonly title: string;
  /** Every series on one x axis: the x labels of all series, in order of first appearance. */
  readonly series: readonly ChartSeries[];
  /** How a value reads on the axis and in the table. */
  readonly format: (value: number) => string;
  /** Text shown instead of the chart when no series has a value. */
  readonly empty: string;
}

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 72 } as const;
const BAR_COLORS = ['#1d6f42', '#7fb08f', '#3d5a80'] as const;
const COLORS = { bar: '#1d6f42', line: '#b5561c', band: '#f3d9c6', grid: '#dfe5e2', text: '#4a5652' } as const;

/** Round ticks from 0 to at least `max`: 1, 2 or 5 times a power of ten, about `count` of them. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let t = 0; t < max + step; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

const n = (value: number) => Number(value.toFixed(2)).toString();

/** The x labels of all series, in order of first appearance. */
function xLabels(series: readonly ChartSeries[]): string[] {
  const seen = new Set<string>();
  for (const s of series) for (const p of s.points) seen.add(p.x);
  return [...seen];
}

interface Frame {
  readonly xs: string[];
  readonly top: number;
  readonly slot: number;
  readonly x: (label: string) => number;
  readonly y: (value: number) => number;
}

function frameOf(input: ChartInput): Frame {
  const xs = xLabels(input.series);
  const values = input.series.flatMap((s) => s.points.flatMap((p) => [p.y, p.high ?? null]));
  const max = Math.max(0, ...values.filter((v): v is number => v !== null));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] ?? 1;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, xs.length);
  const index = new Map(xs.map((label, i) => [label, i]));
  return {
    xs,
    top,
    slot,
    x: (label) => PAD.left + ((index.get(label) ?? 0) + 0.5) * slot,
    y: (value) => PAD.top + plotHeight - (Math.max(0, value) / top) * plotHeight,
  };
}

function axis(frame: Frame, format: (value: number) => string): Html[] {
  const ticks = niceTicks(frame.top);
  const lines = ticks.map((t) => {
    const y = n(frame.y(t));
    return html`<line
        x1="${String(PAD.left)}"
        x2="${String(WIDTH - PAD.right)}"
        y1="${y}"
        y2="${y}"
        stroke="${COLORS.grid}"
      />
      <text
        x="${String(PAD.left - 6)}"
        y="${y}"
        text-anchor="end"
        dominant-baseline="middle"
        font-size="11"
        fill="${COLORS.text}"
        >${format(t)}</text
      >`;
  });
  // About seven x labels, whatever the number of days.
  const every = Math.max(1, Math.ceil(frame.xs.length / 7));
  const labels = frame.xs
    .filter((_, i) => i % every === 0)
    .map(
      (label) =>
        html`<text
          x="${n(frame.x(label))}"
          y="${String(HEIGHT - 8)}"
          text-anchor="middle"
          font-size="11"
          fill="${COLORS.text}"
          >${label.slice(5)}</text
        >`,
    );
  return [...lines, ...labels];
}

/** The bars of the `index`-th of `count` bar series, side by side within each day's slot. */
function bars(frame: Frame, series: ChartSeries, index: number, count: number): Html[] {
  const width = Math.max(1, (frame.slot * 0.7) / count);
  const fill = BAR_COLORS[index % BAR_COLORS.length] ?? COLORS.bar;
  return series.points
    .filter((p): p is ChartPoint & { y: number } => p.y !== null)
    .map((p) => {
      const y = frame.y(p.y);
      const x = frame.x(p.x) - (width * count) / 2 + width * index;
      return html`<rect
        class="bar"
        data-series="${String(index)}"
        x="${n(x)}"
        y="${n(y)}"
        width="${n(width)}"
        height="${n(frame.y(0) - y)}"
        fill="${fill}"
        ><title>${series.label} ${p.x}: ${String(p.y)}</title></rect
      >`;
    });
}

function line(frame: Frame, series: ChartSeries): Html[] {
  const points = series.points.filter((p): p is ChartPoint & { y: number } => p.y !== null);
  if (points.length === 0) return [];
  const banded = points.filter((p) => typeof p.low === 'number' && typeof p.high === 'number');
  const band =
    banded.length > 1
      ? html`<polygon
          class="band"
          fill="${COLORS.band}"
          points="${[
            ...banded.map((p) => `${n(frame.x(p.x))},${n(frame.y(p.high as number))}`),
            ...banded.reverse().map((p) => `${n(frame.x(p.x))},${n(frame.y(p.low as number))}`),
          ].join(' ')}"
        />`
      : null;
  const path = points.map((p) => `${n(frame.x(p.x))},${n(frame.y(p.y))}`).join(' ');
  return [
    ...(band ? [band] : []),
    html`<polyline
      class="line"
      fill="none"
      stroke="${COLORS.line}"
      stroke-width="2"
      stroke-dasharray="6 3"
      points="${path}"
    />`,
  ];
}

function table(input: ChartInput, xs: readonly string[]): Html {
  const header = input.series.map((s) => html`<th scope="col">${s.label}</th>`);
  const rows = xs.map((x) => {
    const cells = input.series.map((s) => {
      const value = s.points.find((p) => p.x === x)?.y;
      return html`<td>${value === undefined || value === null ? '–' : input.format(value)}</td>`;
    });
    return html`<tr>
      <th scope="row">${x}</th>
      ${cells}
    </tr>`;
  });
  return html`<details>
    <summary>${input.title}</summary>
    <table>
      <thead>
        <tr>
          <th scope="col"></th>
          ${header}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </details>`;
}

/** A chart as a `<figure>`: the SVG (role img, titled) and its figures as a table. */
export function chart(input: ChartInput): Html {
  const hasValue = input.series.some((s) => s.points.some((p) => p.y !== null));
  if (!hasValue)
    return html`<figure class="chart" id="${input.id}">
      <figcaption>${input.title}</figcaption>
      <p class="muted">${input.empty}</p>
    </figure>`;
  const frame = frameOf(input);
  const barSeries = input.series.filter((s) => s.kind === 'bar');
  const marks = input.series.flatMap((s) =>
    s.kind === 'bar' ? bars(frame, s, barSeries.indexOf(s), barSeries.length) : line(frame, s),
  );
  const legend = input.series.map((s) => html`<span class="legend" data-kind="${s.kind}">${s.label}</span>`);
  return html`<figure class="chart" id="${input.id}">
    <figcaption>${input.title} ${legend}</figcaption>
    <svg
      viewBox="0 0 ${String(WIDTH)} ${String(HEIGHT)}"
      role="img"
      aria-labelledby="${input.id}-title"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id="${input.id}-title">${input.title}</title>
      ${axis(frame, input.format)} ${marks}
    </svg>
    ${table(input, frame.xs)}
  </figure>`;
}
