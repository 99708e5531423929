/**
 * A 14-day revenue forecast of a store, with its error on held-back days. The model is a seasonal
 * ARIMA with a weekly season, SARIMA(1,0,1)(0,1,1)[7], fitted by the `arima` package (a WebAssembly
 * build of ctsa) by conditional sum of squares (exact maximum likelihood diverged on short or spiky
 * series in trials, with forecasts of 1e18): the seasonal difference takes out the weekday pattern,
 * the (1,0,1) part the short-run level, the seasonal MA(1) the slowly changing weekly profile. The same
 * series always gives the same forecast (no randomness anywhere).
 *
 * The error is measured as a forecaster would meet it: the model is fitted on all but the last
 * {@link HOLDOUT_DAYS} days, forecasts them, and MAE and MAPE compare that forecast with what was
 * sold (MAPE over the held-back days with revenue; null when none had any). The forecast itself is
 * then fitted on the whole series. Fewer than {@link MIN_FORECAST_HISTORY} days of history: no
 * forecast, reason `insufficient_history`: the library needs 21 days (three weeks) to fit this model
 * with its seasonal difference, and two more weeks are held back. A fit that fails or gives no number
 * is reason `model_failed`; so is one that runs away (a day above {@link RUNAWAY_FACTOR} times the
 * largest day of history), a failed fit rather than a forecast.
 */
import ARIMA from 'arima';

/** Days forecast. */
export const FORECAST_DAYS = 14;
/** Days held back to measure the error. */
export const HOLDOUT_DAYS = 14;
/** Days of history below which there is no forecast. */
export const MIN_FORECAST_HISTORY = 35;
/** The model, for people: shown next to the forecast. */
export const FORECAST_METHOD = 'SARIMA(1,0,1)(0,1,1)[7] by conditional sum of squares (arima 0.2.8, ctsa)';
/** A forecast day above this many times the largest day of history is a fit that ran away. */
export const RUNAWAY_FACTOR = 10;

const MODEL = { p: 1, d: 0, q: 1, P: 0, D: 1, Q: 1, s: 7, method: 1, verbose: false } as const;

/** The forecast's error on the held-back days. */
export interface ForecastError {
  readonly days: number;
  /** Mean absolute error, in minor units. */
  readonly mae: number;
  /** Mean absolute percentage error, in percent; null when no held-back day had revenue. */
  readonly mape: number | null;
  /** What the model trained without them forecast for the held-back days. */
  readonly forecast: readonly number[];
  /** What was sold on them. */
  readonly actual: readonly number[];
}

/** A forecast, or the reason there is none. */
export type Forecast =
  | { readonly available: true; readonly values: readonly number[]; readonly error: ForecastError }
  | { readonly available: false; readonly reason: 'insufficient_history' | 'model_failed' };

/** `days` values after `series` (revenue: rounded, never below 0); null when the model gives no number. */
export function sarimaForecast(series: readonly number[], days: number): number[] | null {
  const model = new ARIMA(MODEL);
  try {
    const [predicted] = model.train([...series]).predict(days);
    const ceiling = RUNAWAY_FACTOR * Math.max(1, ...series);
    if (predicted.length !== days || predicted.some((x) => !Number.isFinite(x) || x > ceiling)) return null;
    return predicted.map((x) => Math.max(0, Math.round(x)));
  } catch {
    // The library refuses a series it cannot fit (too short for the season): no forecast, not a 500.
    return null;
  } finally {
    model.destroy();
  }
}

/** MAE and MAPE of `forecast` against `actual` (same length). */
export function forecastError(forecast: readonly number[], actual: readonly number[]): ForecastError {
  const errors = actual.map((a, i) => Math.abs(a - forecast[i]!));
  const withRevenue = actual.flatMap((a, i) => (a > 0 ? [errors[i]! / a] : []));
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    days: actual.length,
    mae: round2(errors.reduce((s, e) => s + e, 0) / errors.length),
    mape: withRevenue.length > 0 ? round2((100 * withRevenue.reduce((s, e) => s + e, 0)) / withRevenue.length) : null,
    forecast,
    actual,
  };
}

/** The forecast of the next FORECAST_DAYS days of `series` (daily revenue, oldest first) and its error. */
export function forecastRevenue(series: readonly number[]): Forecast {
  if (series.length < MIN_FORECAST_HISTORY) return { available: false, reason: 'insufficient_history' };
  const training = series.slice(0, series.length - HOLDOUT_DAYS);
  const actual = series.slice(series.length - HOLDOUT_DAYS);
  const backtest = sarimaForecast(training, HOLDOUT_DAYS);
  const values = sarimaForecast(series, FORECAST_DAYS);
  if (!backtest || !values) return { available: false, reason: 'model_failed' };
  return { available: true, values, error: forecastError(backtest, actual) };
}
