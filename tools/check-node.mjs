// Run first by `npm test` and `npm start`: says which Node runs the scripts, and
// stops with a clear line when it is not one the project runs on. npm puts
// node_modules/.bin first on the PATH of its scripts, so they run on the Node
// that the `node` devDependency installs (docs/decisions/0004-pinned-node.md).
const [major, minor] = process.versions.node.split('.').map(Number);
if (!((major === 22 && minor >= 13) || major === 24)) {
  console.error(
    `These scripts run on Node 22.13+ or 24, not ${process.version} (${process.execPath}).\n` +
      'The `node` devDependency brings Node 22: run `npm install` (or `npm ci`) first, and run scripts through npm.',
  );
  process.exit(1);
}
