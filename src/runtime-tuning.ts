// Process tuning, imported first by main.ts before it imports the app: V8's compile cache, so a
// restart skips type stripping and parsing of every module (cold start, bench/, issue 7). The cache
// lives in the OS temporary folder; an unwritable folder only means no cache. (A young-generation
// cap was measured too: no lower idle RSS, and slower MCP and contact, so it is not applied.)
import module from 'node:module';

module.enableCompileCache?.();
