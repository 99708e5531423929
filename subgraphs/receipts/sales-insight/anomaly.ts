/**
 * Anomalous days of a store's daily revenue, by a robust z-score (Iglewicz and Hoaglin's modified
 * z-score) of the day's deviation from its weekday. Baseline: the {@link ANOMALY_WINDOW} days before
 * the day (four of each weekday). Each weekday's median over the window is its usual level; every day
 * of the window has a residual (its revenue minus its weekday's median), and the day scored has one
 * too. The score is 0.6745 × (residual − median of the window's residuals) / MAD of them, and a day
 * whose |score| exceeds {@link ANOMALY_THRESHOLD} is flagged. Removing the weekday level first keeps
 * every Saturday from being "high"; medians and the MAD (median absolute deviation) ignore the
 * outliers they look for, where a mean and a standard deviation would be dragged by them. When more
 * than half the residuals are one value the MAD is 0: the mean absolute deviation, scaled by 0.7979
 * (its ratio to the standard deviation of a normal distribution) takes its place, and with that also 0
 * any other residual is flagged (score ±Infinity). A day needs the whole window before it in the
 * series to be scored. Pure.
 */

/** Days before a day that make its baseline: four weeks. */
export const ANOMALY_WINDOW = 28;
const WEEK = 7;
/** |score| above which a day is flagged (Iglewicz and Hoaglin's recommendation). */
export const ANOMALY_THRESHOLD = 3.5;
/** The MAD of a normal distribution is 0.6745 standard deviations. */
const MAD_TO_Z = 0.6745;
/** The mean absolute deviation of a normal distribution is 0.7979 standard deviations (1 / 1.2533). */
const MEAN_AD_TO_Z = 0.7979;

/** The median of numbers (not empty). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The robust z-score of `value` against `baseline` (not empty). */
export function robustScore(
  value: number,
  baseline: readonly number[],
): { score: number; median: number; mad: number } {
  const center = median(baseline);
  const deviations = baseline.map((x) => Math.abs(x - center));
  const mad = median(deviations);
  if (mad > 0) return { score: (MAD_TO_Z * (value - center)) / mad, median: center, mad };
  const meanAd = deviations.reduce((sum, d) => sum + d, 0) / deviations.length;
  if (meanAd > 0) return { score: (MEAN_AD_TO_Z * (value - center)) / meanAd, median: center, mad };
  return { score: value === center ? 0 : Math.sign(value - center) * Infinity, median: center, mad };
}

/** A flagged day. */
export interface Anomaly {
  /** Index of the day in the series. */
  readonly index: number;
  readonly value: number;
  /** The usual revenue of its weekday: the median of the same weekday in the window. */
  readonly median: number;
  /** The MAD of the window's residuals. */
  readonly mad: number;
  readonly score: number;
}

/** Day `i` of `series` against the ANOMALY_WINDOW days before it, its weekday level taken out. */
export function seasonalScore(series: readonly number[], i: number): Anomaly {
  const start = i - ANOMALY_WINDOW;
  // levels[k]: the median of the window's days start + k, start + k + 7, ... (one weekday).
  const levels = Array.from({ length: WEEK }, (_, k) =>
    median(series.slice(start, i).filter((_, j) => j % WEEK === k)),
  );
  const levelOf = (day: number) => levels[(day - start) % WEEK]!;
  const residuals = series.slice(start, i).map((value, j) => value - levels[j % WEEK]!);
  const { score, mad } = robustScore(series[i]! - levelOf(i), residuals);
  return { index: i, value: series[i]!, median: levelOf(i), mad, score };
}

/** The flagged days of `series` (a value per consecutive day) from index `from` on. */
export function findAnomalies(series: readonly number[], from = 0): Anomaly[] {
  const flagged: Anomaly[] = [];
  for (let i = Math.max(from, ANOMALY_WINDOW); i < series.length; i++) {
    const scored = seasonalScore(series, i);
    if (Math.abs(scored.score) > ANOMALY_THRESHOLD) flagged.push(scored);
  }
  return flagged;
}
