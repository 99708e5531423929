/**
 * GraphQL operation durations for {@link graphqlOperationDuration}: an Apollo Server plugin (the
 * gateway and every subgraph server) and a recorder for the gateway's in-process subgraph fetches.
 */
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { graphqlOperationDuration } from './metrics.js';

/**
 * Label values chosen by callers, bounded: the first `max` valid names are kept, anything else is
 * `(other)` (callers choose operation names, so they must not choose the number of time series).
 */
export class BoundedNames {
  private static readonly NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
  private readonly seen = new Set<string>();

  constructor(private readonly max: number) {}

  /** `(anonymous)` for no name, the name when kept, else `(other)`. */
  label(name: string | null | undefined): string {
    if (!name) return '(anonymous)';
    if (this.seen.has(name)) return name;
    if (!BoundedNames.NAME.test(name) || this.seen.size >= this.max) return '(other)';
    this.seen.add(name);
    return name;
  }
}

/** Distinct operation names kept as labels in this process. */
const operationNames = new BoundedNames(200);

/** The label of an operation name (see {@link BoundedNames}). */
export function operationNameLabel(name: string | null | undefined): string {
  return operationNames.label(name);
}

/** Who executed an operation. */
export interface OperationSite {
  readonly component: 'gateway' | 'subgraph';
  /** The subgraph's name; empty at the gateway. */
  readonly subgraph: string;
}

/** Records one operation that took `seconds`. `outcome`: `success`, or `error` when it answered errors. */
export function recordOperation(
  site: OperationSite,
  operation: { readonly name: string | null | undefined; readonly type: string | undefined },
  outcome: 'success' | 'error',
  seconds: number,
): void {
  graphqlOperationDuration.observe(
    {
      component: site.component,
      subgraph: site.subgraph,
      operation_name: operationNameLabel(operation.name),
      operation_type: operation.type ?? 'unknown',
      outcome,
    },
    seconds,
  );
}

/**
 * Times each request from its start to its response: `outcome` is `error` when the response holds
 * errors (refused documents included, with type `unknown` when no operation was resolved).
 */
export function graphqlMetricsPlugin<TContext extends BaseContext>(site: OperationSite): ApolloServerPlugin<TContext> {
  return {
    requestDidStart() {
      const started = performance.now();
      return Promise.resolve({
        willSendResponse({ request, operation, response }) {
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          recordOperation(
            site,
            { name: operation?.name?.value ?? request.operationName, type: operation?.operation },
            errors?.length ? 'error' : 'success',
            (performance.now() - started) / 1000,
          );
          return Promise.resolve();
        },
      });
    },
  };
}
