/**
 * Which queries may share one execution among identical callers in flight at the same moment (the
 * gateway's in-process data source and its HTTP subgraph fetcher; SHARE_INFLIGHT_QUERIES).
 *
 * Sharing is an allowlist, failing closed: each subgraph names its shared reads (its `access.ts`,
 * next to who may call them), the root fields whose answer depends only on the arguments, the
 * caller's credentials and address, and whose execution writes and counts nothing. A query shares
 * only when every root field it selects is one of them. Anything else runs once per caller: a query
 * that counts what it sees (failed client authentication at token introspection, say) would
 * otherwise count once for all its callers.
 */
import { Kind, OperationTypeNode, getOperationAST, type DocumentNode, type SelectionSetNode } from 'graphql';

/** A subgraph's shared reads: `Query.<field>` names, as in its access table (`Query._entities` included). */
export type SharedReads = ReadonlySet<string>;

/** True when the operation is a query whose every root field is in `sharedReads`. */
export function isSharedRead(
  document: DocumentNode,
  operationName: string | null | undefined,
  sharedReads: SharedReads,
): boolean {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== OperationTypeNode.QUERY || sharedReads.size === 0) return false;
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  );
  const seen = new Set<string>();
  const allShared = (selectionSet: SelectionSetNode): boolean =>
    selectionSet.selections.every((selection) => {
      if (selection.kind === Kind.FIELD)
        return selection.name.value === '__typename' || sharedReads.has(`Query.${selection.name.value}`);
      if (selection.kind === Kind.INLINE_FRAGMENT) return allShared(selection.selectionSet);
      const name = selection.name.value;
      if (seen.has(name)) return true;
      seen.add(name);
      const fragment = fragments.get(name);
      return fragment !== undefined && allShared(fragment.selectionSet);
    });
  return allShared(operation.selectionSet);
}
