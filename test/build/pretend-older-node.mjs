// Preloaded with --import by node-version.test.ts: this Node reports itself as 22.5.0 (a Node the
// project does not support), and says on stderr if anything resolves node:sqlite, which such a
// Node lacks, so a test can show the version check ran before any module needing it was loaded.
import { registerHooks } from 'node:module';

Object.defineProperty(process.versions, 'node', { value: '22.5.0' });
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'node:sqlite') process.stderr.write('resolved node:sqlite\n');
    return nextResolve(specifier, context);
  },
});
