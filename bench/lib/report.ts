// Renders the bench figures: one table of scenarios, one of targets, and the same data as JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScenarioResult } from './load.ts';

export interface Target {
  name: string;
  goal: string;
  actual: string;
  met: boolean;
}

export interface BenchReport {
  startedAt: string;
  node: string;
  cpus: number;
  secondsPerScenario: number;
  /** Mean of all the bare server's runs of the bench. */
  bareRps: number;
  /** `ratioToBare` uses the scenario's own neighbouring bare readings when it has them, else `bareRps`. */
  scenarios: (ScenarioResult & { ratioToBare: number })[];
  figures: Record<string, number>;
  targets: Target[];
  /** False when a scenario saw an unexpected status, a socket error or a bad body. */
  ok: boolean;
}

const fixed = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : '-');

export function renderTable(report: BenchReport): string {
  const header = [
    'scenario',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'bytes/resp',
    'CPU µs/req',
    'errors',
    'non-2xx',
    '× bare',
    'check',
  ];
  const rows = report.scenarios.map((s) => [
    s.name,
    String(s.connections),
    fixed(s.rps),
    fixed(s.p50, 2),
    fixed(s.p99, 2),
    fixed(s.bytesPerResponse),
    fixed(s.cpuUsPerRequest ?? Number.NaN, 1),
    String(s.errors),
    String(s.non2xx),
    fixed(s.ratioToBare, 2),
    s.ok ? 'ok' : `FAILED: ${s.failure}`,
  ]);
  const targetRows = report.targets.map((t) => [t.name, t.goal, t.actual, t.met ? 'met' : 'MISSED']);
  const figureRows = Object.entries(report.figures).map(([name, value]) => [name, fixed(value, 1)]);
  return [
    table(header, rows),
    '',
    table(['figure', 'value'], figureRows),
    '',
    table(['target', 'goal', 'actual', 'result'], targetRows),
  ].join('\n');
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Writes bench/results/<timestamp>.json and returns its path. */
export function writeJson(report: BenchReport, dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${report.startedAt.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

export function machine(): { node: string; cpus: number } {
  return { node: process.version, cpus: os.availableParallelism() };
}
