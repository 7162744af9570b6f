// Bench fixture (never shipped content): a temporary CONTENT_DIR holding the demo content plus N
// generated case studies, each a variant of a demo study with its own client, date and slug.
// Run alone to inspect one: `node bench/fixture.ts 10000` prints the folder it wrote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const demoDir = fileURLToPath(new URL('../content', import.meta.url));
const regions = ['Nordic', 'Atlantic', 'Pacific', 'Alpine', 'Prairie', 'Coastal', 'Summit', 'Harbor'];
const suffixes = ['Labs', 'Systems', 'Cloud', 'Analytics', 'Networks', 'Software', 'Data', 'Works'];

/** Writes the fixture and returns its folder; remove it with fs.rmSync(dir, { recursive: true }). */
export function generateContent(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-bench-content-'));
  fs.cpSync(demoDir, dir, { recursive: true });
  const studiesDir = path.join(dir, 'case-studies');
  const templates = fs
    .readdirSync(studiesDir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => ({ slug: file.slice(0, -3), text: fs.readFileSync(path.join(studiesDir, file), 'utf8') }));
  const start = Date.UTC(2015, 0, 1);
  for (let i = 0; i < count; i += 1) {
    const template = templates[i % templates.length]!;
    const stem = template.slug.split('-')[0]!;
    const client = `${regions[i % regions.length]} ${stem[0]!.toUpperCase()}${stem.slice(1)} ${suffixes[(i >> 3) % suffixes.length]} ${i}`;
    const date = new Date(start + ((i * 7919) % 3650) * 86_400_000).toISOString().slice(0, 10);
    const text = template.text
      .replace(/^client: .*$/m, `client: ${client}`)
      .replace(/^publishedAt: .*$/m, `publishedAt: ${date}`);
    fs.writeFileSync(path.join(studiesDir, `gen-${String(i).padStart(5, '0')}-${template.slug}.md`), text);
  }
  return dir;
}

if (import.meta.main) {
  const count = Number(process.argv[2] ?? 10_000);
  console.log(generateContent(count));
}
