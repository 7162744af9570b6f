// The import as the bench runs it: `agentsite import <url> --out <folder>` in a process of its own,
// which prints, as one JSON line, its exit code, how long the import took, its peak resident memory
// (the process's maxRSS) and its CPU time, followed by the import's summary.
import { importCommand } from '../../src/importer/command.ts';

const lines: string[] = [];
const started = performance.now();
const code = await importCommand(process.argv.slice(2), {
  out: (line) => lines.push(line),
  err: (line) => lines.push(line),
});
const seconds = (performance.now() - started) / 1000;
const usage = process.resourceUsage();
console.log(
  JSON.stringify({
    code,
    seconds,
    peakRssMb: usage.maxRSS / 1024,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
  }),
);
console.log(lines.join('\n'));
