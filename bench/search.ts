// `npm run bench:search`: in-process micro-benchmark of the case-study search as the MCP tool calls
// it (searchCaseStudies → search.searchWithTotal(query, { kind: 'case-study', limit: 10 })), over the demo
// content and over the demo plus BENCH_SEARCH_STUDIES generated studies (default 10000; 0 skips it).
// No HTTP or MCP overhead: this isolates the index. Prints the total matches, p50/p99/max per query
// and the index build, then the ask (its related-word signal on) in wall and CPU time per question.
// BENCH_SEARCH_STUDIES sets the generated count, BENCH_SEARCH_QUERIES a comma-separated subset.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { demoContentDir } from '../src/config/config.ts';
import { searchCaseStudies } from '../src/domain/agency/case-studies.ts';
import { createAsk } from '../src/domain/ask/engine.ts';
import { relatedGroups } from '../src/domain/ask/related/groups.ts';
import { loadContent } from '../src/domain/content/loader.ts';
import { createSearch } from '../src/domain/search/index.ts';
import { generateContent } from './fixture.ts';

/** The two queries of the search-latency targets, then realistic others. */
const allQueries = [
  'pipeline growth', // no study has both words: the any-word fallback
  'cybersecurity', // one term, an industry
  'cybersecurty', // a typo
  'kubern', // a prefix
  'fintech', // an industry word
  'demand generation webinar', // several terms that studies do share
  'enterprise security', // the tool's documented example
];

/** Questions for the ask: paraphrased problems, a constraint of each kind and a short one. */
const askQuestions = [
  'leads wait days before sales calls them back',
  'our lead scoring is broken and sales ignores MQLs',
  'engineers discover our rivals in ChatGPT instead of us',
  'fintech firms whose inbound enquiries were answered too slowly',
  'companies above 100M ARR whose buyers sit on several continents',
  'paid media work where cheap leads never turned into deals',
  'cybersecurity case studies',
];

/** BENCH_SEARCH_QUERIES="pipeline growth,kubern" runs just those (e.g. under --cpu-prof). */
const queries = process.env.BENCH_SEARCH_QUERIES?.split(',') ?? allQueries;
const generated = Number(process.env.BENCH_SEARCH_STUDIES ?? 10_000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(label: string, dir: string, iterations: number): Promise<void> {
  const catalog = await loadContent(dir);
  const buildStart = performance.now();
  const search = createSearch(catalog);
  // A first search completes any indexing left to the background slices: this is the full build.
  search.search('x');
  const buildMs = performance.now() - buildStart;
  console.log(
    `\n${label}: ${catalog.caseStudies.length} case studies, ${catalog.pages.length} pages, index build ${buildMs.toFixed(0)} ms`,
  );
  console.log(
    `${'query'.padEnd(28)} ${'total'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  );
  for (const query of queries) {
    const call = (): number => searchCaseStudies(catalog, search, { query }).total;
    for (let i = 0; i < Math.min(200, iterations); i += 1) call();
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < iterations; i += 1) {
      const start = performance.now();
      hits = call();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const cells = [percentile(times, 50), percentile(times, 99), times.at(-1)!].map((ms) => ms.toFixed(3).padStart(8));
    console.log(`${JSON.stringify(query).padEnd(28)} ${String(hits).padStart(5)} ${cells.join(' ')}`);
  }
  const ask = createAsk({ content: catalog, search, baseUrl: 'https://bench.example' });
  // The ask always counts related words (src/domain/ask/related.ts); these are the groups it draws on.
  const groups = relatedGroups(catalog.site.language).length;
  console.log(
    `ask related-word signal on: ${groups} word groups of the language, ${catalog.synonyms.length} of the content`,
  );
  // Wall time, and the process's own CPU time per call: on a machine other work shares, a call
  // descheduled midway inflates the wall time's tail, not the CPU time it took.
  const wall: number[] = [],
    cpu: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    for (const query of askQuestions) {
      const start = performance.now(),
        used = process.cpuUsage();
      ask({ query });
      const { user, system } = process.cpuUsage(used);
      wall.push(performance.now() - start);
      cpu.push((user + system) / 1000);
    }
  }
  for (const [label, times] of [
    ['ask, wall', wall],
    ['ask, CPU', cpu],
  ] as const) {
    times.sort((a, b) => a - b);
    const cells = [percentile(times, 50), percentile(times, 99), times.at(-1)!].map((ms) => ms.toFixed(3).padStart(8));
    console.log(`${`${label} (${askQuestions.length} questions)`.padEnd(28)} ${''.padStart(5)} ${cells.join(' ')}`);
  }
}

await run('demo content', demoContentDir, 3000);
if (generated > 0) {
  const dir = generateContent(generated);
  try {
    await run(`demo + ${generated} generated`, dir, 300);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
