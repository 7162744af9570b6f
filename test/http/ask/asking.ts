// What the /ask tests share: a legacy GET, and the content a result's page stands for.
import type { ContentCatalog } from '../../../src/domain/content/catalog.ts';
import type { CaseStudy } from '../../../src/domain/content/types.ts';
import { parseAmount } from '../../../src/domain/ask/size.ts';

export interface LegacyResult {
  url: string;
  name: string;
  site: string;
  score: number;
  description: string;
  schema_object: Record<string, unknown>;
}

/** GET /ask?query=… as JSON (streaming=false), failing on anything but 200. */
export async function askGet(baseUrl: string, query: string): Promise<{ query_id: string; results: LegacyResult[] }> {
  const response = await fetch(`${baseUrl}/ask?query=${encodeURIComponent(query)}&streaming=false`);
  if (response.status !== 200) throw new Error(`${query}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { query_id: string; results: LegacyResult[] };
}

/** The case study whose page a result points at, or undefined for another page. */
export function studyAt(content: ContentCatalog, url: string): CaseStudy | undefined {
  const slug = /\/case-studies\/([^/?#]+)$/.exec(url)?.[1];
  return slug === undefined ? undefined : content.caseStudyBySlug(slug);
}

/** A study's stated size in currency units (undefined when it states none). */
export function sizeOf(study: CaseStudy | undefined): number | undefined {
  return study?.companySize ? parseAmount(study.companySize) : undefined;
}
