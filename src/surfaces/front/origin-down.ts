// What a request for the origin gets when the origin does not answer: people a short page saying
// so; agents (asking for markdown) the places the product still answers from the imported content.
import { html, pageText } from '../../kernel/html-template.ts';

export interface OriginDownBodies {
  html: string;
  markdown: string;
}

export function originDownBodies(siteName: string, baseUrl: string): OriginDownBodies {
  const page = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${siteName}: temporarily unavailable</title></head>
<body>
<main>
<h1>This page is temporarily unavailable</h1>
<p>The ${siteName} website is not answering right now. Please try again in a few minutes.</p>
<p><a href="/">Back to the home page</a></p>
</main>
</body>
</html>
`;
  const markdown = `# ${siteName}: the website is not answering

The page asked for comes from the website, which is not answering right now (502).
What the site offers agents is still answered from its content:

- ${baseUrl}/llms.txt: every page as markdown
- ${baseUrl}/markdown/home.md: the home page as markdown (any page asked for with Accept: text/markdown)
- ${baseUrl}/agent/openapi.json: the REST API
- ${baseUrl}/.well-known/api-catalog: the MCP server, the A2A agent and the API
`;
  return { html: pageText(page), markdown };
}
