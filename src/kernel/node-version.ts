// Imported first by every entry point (npm start's bundle, the worker, the CLI, content:check), which
// import the rest of their code only after it: on a Node older than package.json's `engines` asks
// for, this names the version needed and exits 1, instead of the process failing on the first
// feature that Node lacks ("No such built-in module: node:sqlite" on Node 20). Nothing else here.
import pkg from '../../package.json' with { type: 'json' };

const needed = Number(/^>=\s*(\d+)/.exec(pkg.engines.node)?.[1]);
const running = Number(process.versions.node.split('.')[0]);

if (running < needed) {
  process.stderr.write(
    `agentsite needs Node.js ${needed} or newer; this is Node.js ${process.versions.node} (${process.execPath}). ` +
      `Install Node.js ${needed}, or use the project's own: npm ci, then npm start, npm run worker or npx agentsite.\n`,
  );
  process.exit(1);
}
