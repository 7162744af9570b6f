// Real traffic for the dashboard tests: pages, markdown, llms.txt, a discovery document, REST,
// the HTML form, site search and MCP tool calls through the official client, each sent with a known
// user agent, some carrying e-mail addresses, phone numbers and names. Returns what was sent per
// caller family, for the tests to check the dashboard's figures against.
import { legacy, modern } from '../mcp/clients.ts';

export const userAgents = {
  OpenAI: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  Anthropic: 'Claude-User/1.0 (+https://www.anthropic.com/claude-user)',
  Perplexity:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  Browser: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
} as const;
export type Family = keyof typeof userAgents;

/** Personal data sent in the traffic; none of it may reach the insight tables. */
export const personal = {
  names: ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'],
  emails: ['ada.lovelace@example.com', 'grace@example.org', 'kj@example.net', 'jane.doe@example.org'],
  phones: ['+44 20 7946 0958', '(555) 010-4477'],
  messages: ['Our pipeline stalled after the Series B round', 'Please call me back about demand generation'],
};

export interface SentTraffic {
  /** Visits sent per family (HTTP requests counted by the dashboard, plus MCP tool calls). */
  visits: Record<Family, number>;
  enquiries: { channel: string; family: Family }[];
}

export async function sendTraffic(baseUrl: string, mcpUrl: string): Promise<SentTraffic> {
  const visits: Record<Family, number> = { OpenAI: 0, Anthropic: 0, Perplexity: 0, Browser: 0 };
  const get = async (family: Family, path: string, headers: Record<string, string> = {}): Promise<number> => {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { 'user-agent': userAgents[family], ...headers },
      redirect: 'manual',
    });
    await response.arrayBuffer();
    visits[family] += 1;
    return response.status;
  };
  for (const path of ['/', '/about', '/services', '/llms.txt', '/llms-full.txt', '/no-such-page'])
    await get('OpenAI', path);
  for (const path of ['/', '/case-studies', '/.well-known/agent-card.json']) await get('Perplexity', path);
  await get('Perplexity', '/about', { accept: 'text/markdown' });
  for (let i = 0; i < 3; i += 1) await get('Perplexity', '/agent/health');
  await get('Anthropic', '/markdown/home.md');
  for (const path of [
    '/',
    '/contact',
    '/search?q=pipeline',
    `/search?q=${encodeURIComponent(personal.emails[1]!)}`,
    `/search?q=${encodeURIComponent(`call ${personal.phones[0]}`)}`,
    '/search?q=quantum+knitting+patterns',
    '/search?q=Shopify+store',
  ]) {
    await get('Browser', path);
  }

  const enquiries: SentTraffic['enquiries'] = [];
  const contact = await fetch(`${baseUrl}/agent/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgents.OpenAI },
    body: JSON.stringify({
      fromName: personal.names[0],
      fromEmail: personal.emails[0],
      message: `${personal.messages[0]}; phone ${personal.phones[1]}`,
    }),
  });
  if (contact.status !== 202) throw new Error(`contact answered ${contact.status}`);
  visits.OpenAI += 1;
  enquiries.push({ channel: 'rest', family: 'OpenAI' });
  const form = await fetch(`${baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgents.Browser },
    body: new URLSearchParams({
      fromName: personal.names[1]!,
      fromEmail: personal.emails[1]!,
      topic: 'general',
      message: personal.messages[1]!,
    }).toString(),
    // An accepted post answers 303 to its thank-you page, which is not fetched here (one visit).
    redirect: 'manual',
  });
  await form.text();
  if (form.status !== 303) throw new Error(`form answered ${form.status}`);
  visits.Browser += 1;
  enquiries.push({ channel: 'form', family: 'Browser' });

  const client = await modern.connect(mcpUrl, { 'user-agent': userAgents.Anthropic });
  try {
    const calls: [string, Record<string, unknown>][] = [
      ['service_search_case_studies', { query: 'cybersecurity' }],
      // The same call again is answered from the result cache, and still counted.
      ['service_search_case_studies', { query: 'cybersecurity' }],
      ['service_search_case_studies', { query: 'Cybersecurity ' }],
      ['service_match_services', { challenge: 'We run a Shopify store for fashion' }],
      ['service_get_value_proposition', { query: `reach me at ${personal.emails[3]}` }],
      ['service_get_page', { slug: 'no-such-page' }],
      [
        'service_send_enquiry',
        {
          fromName: personal.names[2],
          fromEmail: personal.emails[2],
          message: `${personal.messages[1]} on ${personal.phones[0]}`,
        },
      ],
    ];
    for (const [name, args] of calls) await client.callTool(name, args);
    visits.Anthropic += calls.length;
    enquiries.push({ channel: 'mcp', family: 'Anthropic' });
  } finally {
    await client.close();
  }
  // A 2025-era client is served by the SDK's own server rather than the direct tools/call path.
  const older = await legacy.connect(mcpUrl, { 'user-agent': userAgents.Perplexity });
  try {
    await older.callTool('service_get_proof_points', {});
    visits.Perplexity += 1;
  } finally {
    await older.close();
  }
  return { visits, enquiries };
}
