/**
 * What an area of the facade contributes (`rest-facade/<area>/index.ts` exports one): its rows, the
 * component schemas they reference, and any documented paths served outside the table (browser
 * pages). `table.ts` assembles every area; an area imports only from `kernel/` and its own folder.
 */
import type { JsonSchema, Route } from './route.js';

export interface FacadeArea {
  /** The folder name, e.g. `stores`. */
  readonly name: string;
  readonly routes: readonly Route[];
  /** Published under `components.schemas`; names are unique across areas. */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
  /** OpenAPI path items of paths the area serves outside the table (merged in as they are). */
  readonly extraPaths?: Readonly<Record<string, Record<string, unknown>>>;
}
