// The oldest Node.js VA Hub runs on (package.json `engines`), checked before anything else loads: the scripts and
// the server's main import this module first, so an older Node stops with one clear line instead of a syntax or
// API error from deep inside a dependency. Plain JavaScript without imports, so it runs on any Node.
export const NODE_FLOOR = '22.22';

/** The message for a Node older than the floor, or null when `version` (`process.versions.node`) is new enough. */
export function tooOldNode(version) {
  const [major, minor] = version.split('.').map(Number);
  const [floorMajor, floorMinor] = NODE_FLOOR.split('.').map(Number);
  if (major > floorMajor || (major === floorMajor && minor >= floorMinor)) return null;
  return (
    `VA Hub needs Node.js ${NODE_FLOOR} or newer; this is ${version}. ` +
    'Install the current LTS from https://nodejs.org, or see "Node.js" in README.md for one from npm.'
  );
}

const message = tooOldNode(process.versions.node);
if (message) {
  console.error(message);
  process.exit(1);
}
