// The operator families and purposes of known agents: one small table read by User-Agent,
// MCP clientInfo and agentId recognition, and by Web Bot Auth (a key directory's host names its
// operator). Purposes follow each operator's published crawler documentation.
import type { CallerPurpose } from './caller.ts';

export interface FamilyRule {
  /** Matched against the User-Agent (case-insensitive); the first rule that matches wins. */
  token: RegExp;
  family: string;
  purpose: CallerPurpose;
}

/**
 * The family of the agent-readiness audit (ours, or another instance's): its User-Agent is
 * `agentsite-audit/<version>` (src/audit/auditor.ts), and its edge check asks as each AI crawler with
 * that name after the crawler's token, so it matches anywhere. Its probes of a site are checks, not questions
 * of a buyer, so agent insight records no ask of it.
 */
export const auditorFamily = 'Agent-readiness audit';

/**
 * User-Agent product tokens, most specific first (`OAI-SearchBot` before anything broader).
 * Robots-only tokens (`Google-Extended`, `Applebot-Extended`) are listed too: the list carries them
 * and a few clients send them.
 */
export const userAgentRules: readonly FamilyRule[] = [
  rule('(^|[\\s;(])agentsite-audit/', auditorFamily, 'agent'),
  rule('GPTBot', 'OpenAI', 'training-crawler'),
  rule('OAI-SearchBot', 'OpenAI', 'search-crawler'),
  rule('ChatGPT-User', 'OpenAI', 'user-fetch'),
  rule('ChatGPT-Agent|ChatGPT Agent|OpenAI-Operator', 'OpenAI', 'agent'),
  rule('ClaudeBot|anthropic-ai', 'Anthropic', 'training-crawler'),
  rule('Claude-SearchBot', 'Anthropic', 'search-crawler'),
  rule('Claude-User|Claude-Web', 'Anthropic', 'user-fetch'),
  rule('Claude-Code|ClaudeCode', 'Anthropic', 'agent'),
  rule('PerplexityBot', 'Perplexity', 'search-crawler'),
  rule('Perplexity-?User', 'Perplexity', 'user-fetch'),
  rule('Google-Extended', 'Google', 'training-crawler'),
  rule('Gemini-Deep-Research|Google-NotebookLM', 'Google', 'user-fetch'),
  rule('Google-Agent|GoogleAgent-|Google-Gemini-CLI|Google-CloudVertexBot', 'Google', 'agent'),
  rule('Googlebot|Storebot-Google|Google-InspectionTool|GoogleOther', 'Google', 'search-crawler'),
  rule('bingbot|msnbot|adidxbot|BingPreview|MicrosoftPreview', 'Microsoft', 'search-crawler'),
  rule('Applebot-Extended', 'Apple', 'training-crawler'),
  rule('Applebot', 'Apple', 'search-crawler'),
  rule('meta-externalagent', 'Meta', 'training-crawler'),
  rule('meta-externalfetcher|facebookexternalhit|Meta-ExternalHit', 'Meta', 'user-fetch'),
  rule('meta-webindexer', 'Meta', 'search-crawler'),
  rule('CCBot', 'Common Crawl', 'training-crawler'),
  rule('Bytespider', 'ByteDance', 'training-crawler'),
  rule('TikTokSpider', 'ByteDance', 'search-crawler'),
  rule('Amazon-Bedrock-AgentCore|AmazonBuyForMe|NovaAct', 'Amazon', 'agent'),
  rule('Amazonbot', 'Amazon', 'search-crawler'),
  rule('DuckAssistBot', 'DuckDuckGo', 'user-fetch'),
  rule('DuckDuckBot', 'DuckDuckGo', 'search-crawler'),
  rule('MistralAI-User', 'Mistral', 'user-fetch'),
  rule('cohere-training-data-crawler', 'Cohere', 'training-crawler'),
  rule('cohere-ai', 'Cohere', 'user-fetch'),
  rule('YouBot', 'You.com', 'search-crawler'),
  rule('AI2Bot', 'AI2', 'training-crawler'),
  rule('Manus-User', 'Manus', 'agent'),
];

/**
 * Self-chosen agent names (MCP `clientInfo.name`, an enquiry's `agentId`): product and model words
 * that name an operator. Whole words only, so "claudette" or "agpt" do not count.
 */
export const agentNameRules: readonly FamilyRule[] = [
  // Editors built on another operator's stack come before it ('cursor-vscode' is Cursor).
  word('cursor', 'Cursor'),
  word('openai|chatgpt|gpt(\\d[a-z0-9.]*)?|codex|o\\d', 'OpenAI'),
  word('anthropic|claude\\d*', 'Anthropic'),
  word('perplexity|sonar', 'Perplexity'),
  word('gemini\\d*|google|bard|jules', 'Google'),
  word('copilot|microsoft|vscode|visual studio code|bing', 'Microsoft'),
  word('siri|apple', 'Apple'),
  word('meta|llama\\d*', 'Meta'),
  word('mistral|le chat', 'Mistral'),
  word('amazon|bedrock|nova|alexa', 'Amazon'),
  word('manus', 'Manus'),
];

/**
 * Registrable domains of each operator: a verified key directory at one of them (or a subdomain)
 * is that operator; any other allowlisted directory is shown by its host name.
 */
export const directoryDomains: Readonly<Record<string, string>> = {
  'openai.com': 'OpenAI',
  'chatgpt.com': 'OpenAI',
  'anthropic.com': 'Anthropic',
  'claude.ai': 'Anthropic',
  'perplexity.ai': 'Perplexity',
  'google.com': 'Google',
  'microsoft.com': 'Microsoft',
  'bing.com': 'Microsoft',
  'apple.com': 'Apple',
  'meta.com': 'Meta',
  'facebook.com': 'Meta',
  'amazon.com': 'Amazon',
  'duckduckgo.com': 'DuckDuckGo',
  'mistral.ai': 'Mistral',
};

/** The operator family of a key directory's host name. */
export function familyOfHost(hostname: string): string {
  let host = hostname.toLowerCase();
  for (;;) {
    const family = directoryDomains[host];
    if (family !== undefined) return family;
    const dot = host.indexOf('.');
    if (dot === -1) return hostname.toLowerCase();
    host = host.slice(dot + 1);
  }
}

function rule(tokens: string, family: string, purpose: CallerPurpose): FamilyRule {
  return { token: new RegExp(tokens, 'i'), family, purpose };
}

function word(words: string, family: string): FamilyRule {
  return { token: new RegExp(`(^|[^a-z0-9])(${words})($|[^a-z0-9])`, 'i'), family, purpose: 'agent' };
}
