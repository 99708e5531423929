import { describe, expect, it } from 'vitest';
import {
  FORECAST_DAYS,
  forecastError,
  forecastRevenue,
  HOLDOUT_DAYS,
  MIN_FORECAST_HISTORY,
  sarimaForecast,
} from './forecast.js';

/** 12 weeks of a weekly pattern with a slight trend and noise, deterministic. */
const history = Array.from(
  { length: 84 },
  (_, i) => 200_000 + [0, -20, -10, 0, 30, 80, 60][i % 7]! * 1000 + i * 200 + ((i * 7919) % 13) * 500,
);

describe('the revenue forecast', () => {
  it('is the same for the same data, 14 days, none below 0', () => {
    const first = forecastRevenue(history);
    const again = forecastRevenue([...history]);
    expect(first).toEqual(again);
    if (!first.available) throw new Error(first.reason);
    expect(first.values).toHaveLength(FORECAST_DAYS);
    expect(first.values.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
    // It learnt the week: the Saturday peak (index 5 of the pattern) stays above the Tuesday trough.
    const saturday = first.values[(5 - (history.length % 7) + 7) % 7]!;
    const tuesday = first.values[(1 - (history.length % 7) + 7) % 7]!;
    expect(saturday - tuesday).toBeGreaterThan(50_000);
  });

  it('measures its error on the last 14 days, forecast by a model that did not see them', () => {
    const result = forecastRevenue(history);
    if (!result.available) throw new Error(result.reason);
    const held = history.slice(-HOLDOUT_DAYS);
    expect(result.error.actual).toEqual(held);
    expect(result.error.forecast).toEqual(sarimaForecast(history.slice(0, -HOLDOUT_DAYS), HOLDOUT_DAYS));
    expect(result.error).toEqual(forecastError(result.error.forecast, held));
    // A pattern this regular is forecast within a few percent.
    expect(result.error.mape).toBeLessThan(10);
    // Changing a held-back day changes the error, not the backtest's forecast.
    const changed = [...history];
    changed[changed.length - 1] = 0;
    const other = forecastRevenue(changed);
    if (!other.available) throw new Error(other.reason);
    expect(other.error.forecast).toEqual(result.error.forecast);
    expect(other.error.mae).toBeGreaterThan(result.error.mae);
  });

  it('computes MAE and MAPE, leaving days without revenue out of the MAPE', () => {
    expect(forecastError([110, 90, 5], [100, 100, 0])).toMatchObject({ days: 3, mae: 8.33, mape: 10 });
    expect(forecastError([1, 2], [0, 0])).toMatchObject({ mae: 1.5, mape: null });
  });

  it('gives no forecast with fewer than 35 days of history, and says why', () => {
    expect(forecastRevenue(history.slice(0, MIN_FORECAST_HISTORY - 1))).toEqual({
      available: false,
      reason: 'insufficient_history',
    });
    expect(forecastRevenue(history.slice(0, MIN_FORECAST_HISTORY)).available).toBe(true);
    expect(sarimaForecast(history.slice(0, 14), 14)).toBeNull();
  });
});
