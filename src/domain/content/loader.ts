// Reads and validates the content folder (see docs/content.md for its layout) into a
// ContentCatalog, once at start-up. Every mistake of the run is collected; the first is thrown as a
// ContentError carrying them all, each naming its file, field and line.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { parseYaml } from './yaml.ts';
import { buildCatalog, type ContentCatalog } from './catalog.ts';
import { ContentError, ContentIssues, type SourceText } from './content-error.ts';
import { readAll, splitFile } from './content-files.ts';
import { appendGeneratedSections } from './generated-pages.ts';
import { lineOfField } from './field-lines.ts';
import { caseStudyPage, checkReferences } from './references.ts';
import {
  caseStudyFrontMatterSchema,
  contactFileSchema,
  pageFrontMatterSchema,
  proofPointsFileSchema,
  synonymsFileSchema,
  reasonsFileSchema,
  servicesFileSchema,
  siteFileSchema,
  slugSchema,
} from './schema.ts';
import { optionalNotes } from './optional-notes.ts';
import { parseCompanySize } from '../ask/size.ts';
import { resolveSite, resolveTopics } from './site-settings.ts';
import { loadLogo, loadSkills } from './skill-files.ts';
import type { CaseStudy, Page } from './types.ts';
import { createUiText, hasCatalogue } from '../language/ui-text.ts';
import { checkUiOverrides, uiFile } from './ui-file.ts';
import { existsSync } from 'node:fs';

/** Loads and validates every content file under `dir`. */
export async function loadContent(dir: string): Promise<ContentCatalog> {
  const root = path.resolve(dir);
  const issues = new ContentIssues();
  const sources = new Map<string, SourceText>();
  const raw = new Map<string, unknown>();
  const linkable = new Set<string>();
  const yamlFile = <T extends z.ZodType>(file: string, schema: T): z.output<T> | undefined => {
    const text = issues.attempt(() => readAll(root, [file])[0]!);
    if (text === undefined) return undefined;
    sources.set(file, { text, yamlStartLine: 1 });
    const data = issues.attempt(() => parseYamlFile(file, text));
    raw.set(file, data);
    return data === undefined ? undefined : issues.validate(schema, data, file, sources.get(file));
  };
  const readUi = (): ReturnType<typeof checkUiOverrides>['overrides'] => {
    const text = issues.attempt(() => readAll(root, [uiFile])[0]!);
    const data = text === undefined ? undefined : issues.attempt(() => parseYamlFile(uiFile, text));
    if (text === undefined || data === undefined) return {};
    const { overrides, errors } = checkUiOverrides(data, { text, yamlStartLine: 1 });
    for (const error of errors) issues.add(error);
    return overrides;
  };
  const site = yamlFile('site.yaml', siteFileSchema);
  // ui.yaml is optional: the site's words in its language, any of them replaced there.
  const overrides = existsSync(path.join(root, uiFile)) ? readUi() : {};
  const ui = createUiText(site?.language ?? 'en', overrides);
  const contact = yamlFile('contact.yaml', contactFileSchema);
  const services = (yamlFile('services.yaml', servicesFileSchema) ?? []).map((service) => ({
    ...service,
    pageSlug: `services/${service.slug}`,
  }));
  const reasons = yamlFile('reasons.yaml', reasonsFileSchema) ?? [];
  const proof = yamlFile('proof-points.yaml', proofPointsFileSchema);
  const synonyms = existsSync(path.join(root, 'synonyms.yaml')) ? yamlFile('synonyms.yaml', synonymsFileSchema) : [];
  const flagshipSlugs = new Set(proof?.points.map((point) => point.caseStudy));

  const markdown = async <T extends z.ZodType>(
    folder: string,
    schema: T,
  ): Promise<{ file: string; slug: string; fm: z.output<T>; body: string }[]> => {
    const files = await markdownFiles(root, folder).catch(
      (error: unknown) =>
        issues.attempt(() => {
          throw error;
        }) ?? [],
    );
    // Read in one go (one await per file made 10 000 studies take seconds), parse in file order.
    const texts = readAll(root, files);
    return files.flatMap((file, i) => {
      const source = { text: texts[i]!, yamlStartLine: 2 };
      sources.set(file, source);
      // A file with a mistake of its own is still there: links to it are not reported as well.
      linkable.add(`/${file.slice(0, -'.md'.length).replace(/^pages\//, '')}`);
      const slug = issues.attempt(() => slugFromFile(file, `${folder}/`));
      const split = issues.attempt(() => splitFile(file, source.text));
      const fm = split && issues.validate(schema, split.data, file, source);
      return slug === undefined || !split || fm === undefined ? [] : [{ file, slug, fm, body: split.body }];
    });
  };
  const caseStudies: CaseStudy[] = (await markdown('case-studies', caseStudyFrontMatterSchema)).map(
    ({ slug, fm, body }) => ({ slug, ...fm, flagship: flagshipSlugs.has(slug), body }),
  );
  const pages: Page[] = (await markdown('pages', pageFrontMatterSchema)).map(({ slug, fm, body }) => ({
    slug,
    path: fm.path ?? `/${slug}`,
    title: fm.title,
    description: fm.description,
    section: fm.section,
    body,
    ...(fm.order !== undefined && { order: fm.order }),
    ...(fm.homeSections !== undefined && { homeSections: fm.homeSections }),
  }));
  const skills = await loadSkills(root, issues);
  const logo = site?.logo === undefined ? undefined : issues.attempt(() => loadLogo(root, site.logo!));
  const allPages = [...pages, ...caseStudies.map((cs) => caseStudyPage(cs, services))];
  if (contact?.topics?.assessment !== undefined && site && !site.offer) {
    const line = lineOfField(sources.get('contact.yaml')!.text, ['topics', 'assessment']);
    issues.add(
      new ContentError(
        'contact.yaml',
        'topics.assessment',
        'is the topic of an offer, and site.yaml declares no offer',
        line,
      ),
    );
  }
  const proofPoints = checkReferences({
    issues,
    sources,
    site,
    services,
    reasons,
    caseStudies,
    pages: allPages,
    points: proof?.points ?? [],
    linkable,
  });
  issues.notes.push(
    ...optionalNotes(raw.get('site.yaml'), raw.get('contact.yaml')),
    ...(site && !hasCatalogue(site.language)
      ? [
          `site.yaml language: the product has no words in "${site.language}", so the site's words are English except those ${uiFile} gives`,
        ]
      : []),
    ...skills
      .filter((skill) => skill.representativeQueries.length === 0)
      .map(
        (skill) =>
          `skills/${skill.name}/SKILL.md metadata.representative-queries: not set, so the ai-catalog takes its queries from the description`,
      ),
    ...caseStudies
      .filter((cs) => cs.companySize !== undefined && Object.keys(parseCompanySize(cs.companySize)).length === 0)
      .map(
        (cs) =>
          `case-studies/${cs.slug}.md companySize: "${cs.companySize}" has no figure with a unit (such as 42M ARR), so the ask finds this study for no size bound`,
      ),
  );
  issues.throwIfAny();
  const parts = {
    dir: root,
    site: resolveSite(site!, { services, caseStudies, pages, reasons }, ui),
    ui,
    sections: site!.sections,
    valueProposition: site!.valueProposition,
    contact: { ...contact!, topics: resolveTopics(contact!.topics, site!.offer, ui) },
    services,
    reasons,
    proofPointsIntro: proof!.intro,
    proofPoints,
    caseStudies,
    pages: allPages,
    skills,
    synonyms: synonyms ?? [],
    notes: issues.notes,
    ...(logo !== undefined && { logo }),
  };
  const catalog = buildCatalog(parts);
  appendGeneratedSections(catalog);
  return catalog;
}

function parseYamlFile(file: string, text: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    throw new ContentError(file, undefined, `is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** Markdown files below `folder`, as forward-slash paths relative to the content root, sorted. */
async function markdownFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => {
    throw new ContentError(`${folder}/`, undefined, 'folder is missing');
  });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'README.md')
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function slugFromFile(file: string, prefix: string): string {
  const slug = file.slice(prefix.length, -'.md'.length);
  for (const part of slug.split('/')) {
    const result = slugSchema.safeParse(part);
    if (!result.success)
      throw new ContentError(
        file,
        undefined,
        `file name must be lowercase letters, digits and hyphens (it becomes the slug "${slug}")`,
      );
  }
  return slug;
}
