// `npm run content:check`: validates the content folder (CONTENT_DIR or the shipped demo content)
// and prints a summary, or the file and field of the first mistake and exits 1.
// The rest is imported after node-version.ts, which stops an older Node with a clear line.
import './node-version.ts';
import path from 'node:path';

const { demoContentDir } = await import('./config.ts');
const { ContentError } = await import('./domain/content/content-error.ts');
const { loadContent } = await import('./domain/content/loader.ts');

const dir = path.resolve(process.argv[2] ?? process.env.CONTENT_DIR?.trim() ?? demoContentDir);
try {
  const content = await loadContent(dir);
  const pages = content.pages.filter((page) => !page.caseStudySlug).length;
  console.log(`Content OK in ${dir}`);
  console.log(`  brand: ${content.site.brandName}${content.site.sample ? ' (sample content)' : ''}, tool prefix: ${content.site.toolPrefix}`);
  console.log(`  ${pages} pages, ${content.caseStudies.length} case studies (${content.proofPoints.length} flagship), ${content.services.length} services, ${content.reasons.length} reasons, ${content.skills.length} agent skills`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`Content error in ${dir}/${error.message}`);
  process.exitCode = 1;
}
