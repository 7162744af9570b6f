// What a request for the origin gets when the origin gives no usable answer: people a short page
// saying so (502 no answer, 503 too many waiting, 504 too slow); agents (asking for markdown) the
// places the product still answers from the imported content.
import { html, pageText } from '../../kernel/html-template.ts';

/** The statuses a failed exchange with the origin is answered with. */
export type OriginFailureStatus = 502 | 503 | 504;

export interface OriginDownBodies {
  html: string;
  markdown: string;
}

const reasons: Record<OriginFailureStatus, { title: string; says: string }> = {
  502: { title: 'temporarily unavailable', says: 'is not answering right now' },
  503: { title: 'busy', says: 'has more visitors than it can answer right now' },
  504: { title: 'taking too long', says: 'is taking too long to answer right now' },
};

export function originDownBodies(siteName: string, baseUrl: string): Record<OriginFailureStatus, OriginDownBodies> {
  const bodies = (status: OriginFailureStatus): OriginDownBodies => {
    const { title, says } = reasons[status];
    const page = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${siteName}: ${title}</title></head>
<body>
<main>
<h1>This page is ${title}</h1>
<p>The ${siteName} website ${says}. Please try again in a few minutes.</p>
<p><a href="/">Back to the home page</a></p>
</main>
</body>
</html>
`;
    const markdown = `# ${siteName}: the website ${says}

The page asked for comes from the website, which ${says} (${status}).
What the site offers agents is still answered from its content:

- ${baseUrl}/llms.txt: every page as markdown
- ${baseUrl}/markdown/home.md: the home page as markdown (any page asked for with Accept: text/markdown)
- ${baseUrl}/agent/openapi.json: the REST API
- ${baseUrl}/.well-known/api-catalog: the MCP server, the A2A agent and the API
`;
    return { html: pageText(page), markdown };
  };
  return { 502: bodies(502), 503: bodies(503), 504: bodies(504) };
}
