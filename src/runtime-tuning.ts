// Process tuning, imported first by main.ts so it runs before any other module loads: V8's compile
// cache (restarts skip type stripping and parsing of every module) and a young generation that does
// not grow to the tens of megabytes V8 picks on a large-memory host (resident memory on small hosts).
import module from 'node:module';
import v8 from 'node:v8';

// Cached in the OS temporary folder; an unwritable folder only means no cache.
module.enableCompileCache?.();
v8.setFlagsFromString(process.env.AGENTSITE_V8_TUNING ?? '--semi-space-growth-factor=1');
