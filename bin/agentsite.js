#!/usr/bin/env node
// `npx agentsite …`: runs the operator CLI (src/ops/cli/main.ts) under Node 24. The project's own Node
// (the `node` devDependency) is used when the Node running this file is older, e.g. a system Node 20.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../src/ops/cli/main.ts', import.meta.url));
const major = Number(process.versions.node.split('.')[0]);

if (major >= 24) {
  await import(cli);
} else {
  const candidates = ['../node_modules/node/bin/node', '../node_modules/.bin/node'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  const node = candidates.find((file) => existsSync(file));
  if (!node) {
    process.stderr.write(
      `agentsite: needs Node.js 24 (this is ${process.version}); run "npm ci" to install the project's Node\n`,
    );
    process.exit(1);
  }
  const result = spawnSync(node, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
