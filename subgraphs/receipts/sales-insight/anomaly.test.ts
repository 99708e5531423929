import { describe, expect, it } from 'vitest';
import { ANOMALY_THRESHOLD, findAnomalies, median, robustScore } from './anomaly.js';

/** A weekly pattern with a little noise, deterministic. */
const weekly = (days: number) =>
  Array.from({ length: days }, (_, i) => 100_000 + [0, 5, 10, 8, 20, 40, 35][i % 7]! * 1000 + ((i * 37) % 11) * 300);

describe('robust anomalies', () => {
  it('computes the modified z-score from the median and the MAD', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    // median 10, deviations 0,0,1,1,8 -> MAD 1; score 0.6745 × (20 − 10) / 1
    expect(robustScore(20, [9, 10, 10, 11, 18])).toEqual({ score: 6.745, median: 10, mad: 1 });
  });

  it('flags a spike and a drop in an ordinary weekly pattern, and nothing else', () => {
    const series = weekly(70);
    series[50] = 400_000;
    series[60] = 0;
    const flagged = findAnomalies(series);
    expect(flagged.map((a) => a.index)).toEqual([50, 60]);
    expect(flagged[0]!.score).toBeGreaterThan(ANOMALY_THRESHOLD);
    expect(flagged[1]!.score).toBeLessThan(-ANOMALY_THRESHOLD);
    expect(findAnomalies(weekly(70))).toEqual([]);
  });

  it('scores nothing before 28 days of history, and only from the index asked', () => {
    const series = weekly(40);
    series[10] = 1_000_000;
    series[30] = 1_000_000;
    expect(findAnomalies(series).map((a) => a.index)).toEqual([30]);
    expect(findAnomalies(series, 31)).toEqual([]);
  });

  it('takes the weekday out: a Saturday twice a Tuesday is usual, a Tuesday at Saturday level is not', () => {
    const series = Array.from({ length: 42 }, (_, i) => (i % 7 === 5 ? 200_000 : 100_000) + ((i * 13) % 5) * 500);
    expect(findAnomalies(series)).toEqual([]);
    series[36] = 200_000; // index 36 is weekday 1: a Tuesday-like day at the Saturday level
    expect(findAnomalies(series)).toEqual([expect.objectContaining({ index: 36, median: expect.any(Number) })]);
    expect(findAnomalies(series)[0]!.median).toBeLessThan(102_500);
  });

  it('falls back to the mean absolute deviation when the MAD is 0, and flags any change of a constant', () => {
    const mostlyFlat = [...Array.from({ length: 20 }, () => 1000), 1100, 900, 1000, 1000];
    expect(robustScore(1000, mostlyFlat).score).toBe(0);
    expect(robustScore(5000, mostlyFlat).score).toBeGreaterThan(ANOMALY_THRESHOLD);
    expect(
      robustScore(
        1001,
        Array.from({ length: 20 }, () => 1000),
      ).score,
    ).toBe(Infinity);
    expect(
      robustScore(
        1000,
        Array.from({ length: 20 }, () => 1000),
      ).score,
    ).toBe(0);
  });
});
