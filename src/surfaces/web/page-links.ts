// The Link header of every page and markdown twin: its twin and the covering llms.txt (llms.txt
// v2) and the ARD catalog, in one place, so an agent that reads only headers finds all three.
import type { Config } from '../../config/config.ts';
import { ardPath } from '../../capabilities/documents/discovery-paths.ts';
import { memoBy } from '../../domain/sites/site-memo.ts';

/** Where the llms.txt that covers every page of the site is. */
export const llmsTxtPath = '/llms.txt';

export interface PageLinks {
  /** An HTML page's Link: its markdown twin, the covering llms.txt and the ARD catalog. */
  html(markdownUrl: string): string;
  /** A markdown twin's Link: the HTML page it mirrors (canonical), then what its HTML page names. */
  markdown(url: string, markdownUrl: string): string;
  /** What every page's Link names after its twin: the covering llms.txt and the ARD catalog. */
  shared: string;
}

export function pageLinks(config: Pick<Config, 'baseUrl'>): PageLinks {
  // The two links every page shares, after the page's own (the current site's, with many sites).
  const sharedOf = memoBy(
    () => config.baseUrl,
    (base) => `<${base}${llmsTxtPath}>; rel="describedby", <${base}${ardPath}>; rel="ard"`,
  );
  const alternate = (markdownUrl: string): string => `<${markdownUrl}>; rel="alternate"; type="text/markdown"`;
  return {
    html: (markdownUrl) => `${alternate(markdownUrl)}, ${sharedOf()}`,
    markdown: (url, markdownUrl) => `<${url}>; rel="canonical", ${alternate(markdownUrl)}, ${sharedOf()}`,
    get shared() {
      return sharedOf();
    },
  };
}
