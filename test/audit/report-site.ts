// A site whose report has every section: some checks pass (robots.txt with AI rules, a sitemap, an
// Organization in JSON-LD, llms.txt), most fail (no markdown, no agent documents), and those a site
// without their subject skips are skipped. Served on 127.0.0.1 for the report tests.
import { recordingServer, type RecordingServer } from '../domain/audit/recording-server.ts';

const home = (
  origin: string,
): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mixed Studio</title>
<link rel="canonical" href="${origin}/">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Mixed Studio","url":"/"}</script>
</head><body><h1>Mixed Studio</h1><p>${'We design and build websites for industrial makers, engineering firms and the suppliers they work with. '.repeat(6)}</p>
<a href="/about">About</a></body></html>`;

export async function mixedSite(): Promise<RecordingServer> {
  let origin = '';
  const server = await recordingServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const files: Record<string, [string, string]> = {
      '/': ['text/html; charset=utf-8', home(origin)],
      '/about': ['text/html; charset=utf-8', '<!doctype html><title>About</title><h1>About</h1>'],
      '/robots.txt': [
        'text/plain',
        `User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`,
      ],
      '/sitemap.xml': [
        'application/xml',
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url></urlset>`,
      ],
      '/llms.txt': ['text/plain', `# Mixed Studio\n\n> We make websites.\n\n- [About](${origin}/about)\n`],
    };
    const file = files[path ?? '/'];
    if (file) response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  origin = server.url;
  return server;
}
