/**
 * The repository documents itself: no source comment, doc or configuration file cites a working
 * document that lives outside it (the team's notes beside the checkout). A rule is stated where it is
 * followed, or in README, docs/ or the OpenAPI document.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** dist(-x)/test/ → the repository root. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROOTS = ['subgraphs', 'gateway', 'rest-facade', 'processes', 'schema', 'test', 'tools', 'docs'];
const FILES = ['README.md', 'CONTRIBUTING.md', 'docker-compose.yml', 'Dockerfile', 'package.json'];
const TEXT = /\.(ts|mjs|js|md|json|ya?ml|graphql)$/;

/** Names of the outside documents, assembled so that this file does not cite them itself. */
const OUTSIDE = new RegExp(['DECISIONS\\.md', 'interface-v[1]', '\\.\\./shared/', 'DEVELOPERS\\.md'].join('|'), 'i');

function sourceFiles(): string[] {
  return [
    ...FILES,
    ...ROOTS.flatMap((root) =>
      readdirSync(join(ROOT, root), { recursive: true })
        .map((file) => join(root, String(file)))
        .filter((path) => TEXT.test(path) && statSync(join(ROOT, path)).isFile()),
    ),
  ];
}

describe('the repository documents itself', () => {
  it('no file cites a document outside the repository', () => {
    const citing = sourceFiles().filter((path) => OUTSIDE.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(citing).toEqual([]);
  });
});
