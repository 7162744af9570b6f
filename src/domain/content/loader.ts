// Reads and validates the content folder (see content/README.md for its layout) into a
// ContentCatalog. Any mistake throws a ContentError naming the file and field.
import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseYaml } from './yaml.ts';
import { buildCatalog, type ContentCatalog } from './catalog.ts';
import { ContentError, validate } from './content-error.ts';
import { splitFrontMatter, type FrontMatterFile } from './front-matter.ts';
import { appendGeneratedSections } from './generated-pages.ts';
import { caseStudyPage, checkReferences } from './references.ts';
import {
  caseStudyFrontMatterSchema, contactFileSchema, pageFrontMatterSchema, proofPointsFileSchema,
  reasonsFileSchema, servicesFileSchema, siteFileSchema, skillFrontMatterSchema, slugSchema,
} from './schema.ts';
import type { CaseStudy, Page, SkillFile } from './types.ts';

/** Loads and validates every content file under `dir`. */
export async function loadContent(dir: string): Promise<ContentCatalog> {
  const root = path.resolve(dir);
  const site = validate(siteFileSchema, await readYaml(root, 'site.yaml'), 'site.yaml');
  const contact = validate(contactFileSchema, await readYaml(root, 'contact.yaml'), 'contact.yaml');
  const services = validate(servicesFileSchema, await readYaml(root, 'services.yaml'), 'services.yaml')
    .map((service) => ({ ...service, pageSlug: `services/${service.slug}` }));
  const reasons = validate(reasonsFileSchema, await readYaml(root, 'reasons.yaml'), 'reasons.yaml');
  const proof = validate(proofPointsFileSchema, await readYaml(root, 'proof-points.yaml'), 'proof-points.yaml');
  const flagshipSlugs = new Set(proof.points.map((point) => point.caseStudy));

  const caseStudies: CaseStudy[] = [];
  const studyFiles = await markdownFiles(root, 'case-studies');
  // Read in one go (one await per file made 10 000 studies take seconds), parse in file order.
  const studySources = readAll(root, studyFiles);
  for (const [i, file] of studyFiles.entries()) {
    const { data, body } = splitFile(file, studySources[i]!);
    const slug = slugFromFile(file, 'case-studies/');
    const fm = validate(caseStudyFrontMatterSchema, data, file);
    caseStudies.push({ slug, ...fm, flagship: flagshipSlugs.has(slug), body });
  }
  const pages: Page[] = [];
  for (const file of await markdownFiles(root, 'pages')) {
    const { data, body } = await readMarkdown(root, file);
    const slug = slugFromFile(file, 'pages/');
    const fm = validate(pageFrontMatterSchema, data, file);
    const page: Page = { slug, path: fm.path ?? `/${slug}`, title: fm.title, description: fm.description, section: fm.section, body };
    if (fm.order !== undefined) page.order = fm.order;
    pages.push(page);
  }
  const caseStudyPages = caseStudies.map((cs) => caseStudyPage(cs, services));
  const skills: SkillFile[] = [];
  for (const name of await subfolders(root, 'skills')) {
    const file = `skills/${name}/SKILL.md`;
    const template = await readText(root, file);
    const fm = validate(skillFrontMatterSchema, splitFile(file, template).data, file);
    if (fm.name !== name) throw new ContentError(file, 'name', `must equal the folder name "${name}"`);
    const queries = fm.metadata?.['representative-queries']?.split('\n').map((line) => line.trim()).filter(Boolean) ?? [];
    if (queries.length > 0 && (queries.length < 2 || queries.length > 5)) {
      throw new ContentError(file, 'metadata.representative-queries', 'must hold 2 to 5 queries, one per line');
    }
    skills.push({ name, description: fm.description, template, representativeQueries: queries });
  }
  const parts = {
    dir: root,
    site: { brandName: site.brandName, toolPrefix: site.toolPrefix, tagline: site.tagline, fit: site.fit, sample: site.sample, areaServed: site.areaServed },
    sections: site.sections,
    valueProposition: site.valueProposition,
    contact,
    services,
    reasons,
    proofPointsIntro: proof.intro,
    proofPoints: [] as { caseStudy: CaseStudy; claim: string }[],
    caseStudies,
    pages: [...pages, ...caseStudyPages],
    skills,
  };
  parts.proofPoints = checkReferences(parts, proof.points);
  const catalog = buildCatalog(parts);
  appendGeneratedSections(catalog);
  return catalog;
}

async function readText(root: string, file: string): Promise<string> {
  try {
    return await readFile(path.join(root, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ContentError(file, undefined, code === 'ENOENT' ? 'is missing' : `cannot be read (${code})`);
  }
}

async function readYaml(root: string, file: string): Promise<unknown> {
  const source = await readText(root, file);
  try {
    return parseYaml(source);
  } catch (error) {
    throw new ContentError(file, undefined, `is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}

async function readMarkdown(root: string, file: string): Promise<{ data: unknown; body: string }> {
  return splitFile(file, await readText(root, file));
}

/**
 * Reads many files in order. Synchronously on purpose: it runs once at start-up with nothing else to
 * serve, and 10 000 small files take ~60 ms this way against ~330 ms through the thread pool.
 */
function readAll(root: string, files: string[]): string[] {
  return files.map((file) => {
    try {
      return readFileSync(path.join(root, file), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ContentError(file, undefined, code === 'ENOENT' ? 'is missing' : `cannot be read (${code})`);
    }
  });
}

/** The file's front matter and body; a malformed file is a ContentError naming it. */
function splitFile(file: string, source: string): FrontMatterFile {
  try {
    return splitFrontMatter(source);
  } catch (error) {
    throw new ContentError(file, undefined, (error as Error).message.split('\n')[0]!);
  }
}

/** Markdown files below `folder`, as forward-slash paths relative to the content root, sorted. */
async function markdownFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true })
    .catch(() => { throw new ContentError(`${folder}/`, undefined, 'folder is missing'); });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'README.md')
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function subfolders(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

function slugFromFile(file: string, prefix: string): string {
  const slug = file.slice(prefix.length, -'.md'.length);
  for (const part of slug.split('/')) {
    const result = slugSchema.safeParse(part);
    if (!result.success) throw new ContentError(file, undefined, `file name must be lowercase letters, digits and hyphens (it becomes the slug "${slug}")`);
  }
  return slug;
}
