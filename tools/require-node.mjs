#!/usr/bin/env node
// Fails fast when an npm script runs under a Node older than the pinned one. npm puts
// node_modules/.bin first on PATH, so `node` is the exact `node` devDependency (Node 24) once its
// install script has run; after `npm ci --ignore-scripts` it is missing and the machine's Node runs.
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  process.stderr.write(
    `\nThis project needs Node 24 (found ${process.versions.node} at ${process.execPath}).\n` +
      'It is pinned as the exact devDependency "node", which npm installs with an install script.\n' +
      'Run `npm ci` (without --ignore-scripts), or `npm rebuild node`, then try again.\n\n',
  );
  process.exit(1);
}
