// The agent-readiness audit's words in English: its pages, the report's sections, and per check a
// title for people (`audit.title.<check-id>`) and what failing it costs the site (`audit.cost.<check-id>`).
// Every check id in `checkIds` has both keys here and in audit-de.ts (a test holds them to it).
export const auditEn = {
  'audit.eyebrow': 'Free check',
  'audit.title': 'How ready is your site for AI agents?',
  'audit.intro':
    'We check what AI agents and their auditors read on your site: robots.txt and its AI rules, the sitemap, markdown for agents, llms.txt, API and MCP discovery, A2A, agent skills, WebMCP and structured data. You get a level from 0 to 5, a score and a fix for every gap.',
  'audit.terms':
    'Public sites only (ports 80 and 443). {policy} per visitor. Reports are kept for {days} days at their own address, then deleted.',
  'audit.pageTitle': 'Agent-readiness audit',
  'audit.errorTitle': 'Error: audit not run',
  'audit.problem': 'There is a problem',
  'audit.urlLabel': "Your site's address <hint>(for example https://example.com)</hint>",
  'audit.submit': 'Audit my site',
  'audit.markdownUse': 'People use the form at {form}. Agents send `POST {api}` with `{example}` (see {developers}).',
  'audit.status.pass': 'Pass',
  'audit.status.warn': 'Warning',
  'audit.status.fail': 'Fail',
  'audit.status.skip': 'Not offered',
  'audit.status.error': 'Could not check',
  'audit.nothingToFix': 'Nothing to fix.',
  'audit.needWork': '{count} {count, plural, one {check needs} other {checks need}} work.',
  'audit.lead': 'Level {level} of 5 ({levelName}), score {score} out of 100. {work} Audited {audited} UTC.',
  'audit.ask': 'Ask us about this report',
  'audit.wantFixed': 'Want these fixed?',
  'audit.sendReport': 'Send us this report and we will tell you what to fix first.',
  'audit.another': 'Audit another site',
  'audit.reportEyebrow': 'Agent-readiness report',
  'audit.reportTitle': 'Agent readiness of {url}',
  'audit.noReport': 'No audit report has this address; reports are kept for a limited time.',
  'audit.crossSite': 'This form can only be sent from our own audit page. Nothing was audited.',
  'audit.badAddress': 'The address {problem}.',
  'audit.notAnAddress': "The form sent something other than an address. Please enter your site's address.",
  'audit.busy': 'We are running other audits just now. Please try again in {wait}.',
  'audit.tooMany': 'You have run several audits in a short time. Please try again in {wait}.',
  'audit.noAnswer':
    "Your site's home page did not answer us, so nothing could be checked. Check the address and try again.",
  'audit.badForm': "The form was sent in a way we do not accept. Please enter your site's address and send it again.",
  'audit.fault': 'Something went wrong on our side and the audit did not run. Please try again in a few minutes.',
  // The report: its sections, the score gauge and the level ladder.
  'audit.gauge': 'Score: {score} out of 100',
  'audit.gaugeUnit': 'out of 100',
  'audit.ladder': 'Level ladder',
  'audit.ladderHere': 'this site',
  'audit.levelOf': 'Level {level} of 5: {levelName}',
  'audit.levelName.0': 'Not Ready',
  'audit.levelName.1': 'Basic Web Presence',
  'audit.levelName.2': 'Bot-Aware',
  'audit.levelName.3': 'Agent-Readable',
  'audit.levelName.4': 'Agent-Integrated',
  'audit.levelName.5': 'Agent-Native',
  'audit.next.0': 'Level 1 needs two of these: a robots.txt, a sitemap, discovery Link headers on the home page.',
  'audit.next.1':
    'Level 2 needs robots.txt rules for AI crawlers, a signal saying how the content may be used, and a CDN or firewall that lets in the agents those rules allow.',
  'audit.next.2': 'Level 3 needs the home page to answer in markdown when an agent asks for it.',
  'audit.next.3':
    'Level 4 needs one of these: an MCP server card, an A2A agent card, an agent skills index, an API catalogue.',
  'audit.next.4':
    'Level 5 needs two of these: Web Bot Auth, all four agent documents (MCP, A2A, skills, API catalogue), OAuth metadata whose authorization server answers at its endpoints.',
  'audit.next.5': 'This is the top level: agents can find the site, read it and act on it.',
  'audit.toFix': '{count, plural, one {# check to fix} other {# checks to fix}}',
  'audit.toFixIntro': 'Failures first, then checks we could not run, then warnings.',
  'audit.passed': '{count, plural, one {# check passes} other {# checks pass}}',
  'audit.passedShow': 'Show the checks that pass',
  'audit.skipped': '{count, plural, one {# check not offered} other {# checks not offered}}',
  'audit.skippedIntro': 'The site does not offer what these check, so they do not count towards the score.',
  'audit.costLabel': 'What it costs',
  'audit.fixLabel': 'How to fix it',
  'audit.foundLabel': 'What we found',
  'audit.evidence': 'Evidence',
  'audit.evidenceUrl': 'Address',
  'audit.evidenceStatus': 'Answer',
  'audit.evidenceValue': 'Value',
  'audit.evidenceNoAnswer': 'no answer',
  'audit.checkId': 'check <code>{id}</code>',
  'audit.frontHeading': 'What agentsite import and front mode fix',
  'audit.frontIntro':
    '{count, plural, one {# failing check passes} other {# failing checks pass}} once the site is imported with agentsite import and the product stands in front of it, without a change to the site itself:',
  'audit.frontNothing':
    'None of the failing checks is one that front mode fixes: they are for the site itself to change.',
  'audit.frontGuide': 'How it works, step by step: <link>in front of an existing site</link>.',
  'audit.keptAt': 'This report is kept for {days} days at {page}. Want these fixed? Ask the agency: {contact}',
  // Each check: its name for people, and what failing it costs the site (who cannot do what).
  'audit.title.robots-txt': 'Crawler rules (robots.txt)',
  'audit.cost.robots-txt':
    'Crawlers and AI agents find no rules for the site, so each guesses what it may read, and careful ones stay away.',
  'audit.title.robots-ai-rules': 'Rules for AI crawlers',
  'audit.cost.robots-ai-rules':
    'GPTBot, ClaudeBot and other AI crawlers get no rule of their own, so the site has no say in whether it trains models or appears in AI answers.',
  'audit.title.content-signals': 'How the content may be used',
  'audit.cost.content-signals':
    'AI systems cannot tell whether the site allows its content for search, AI answers or model training, so they decide for it.',
  'audit.title.crawler-access': 'Access for AI crawlers and agents',
  'audit.cost.crawler-access':
    'The site’s rules shut out AI search crawlers or agents acting for a user, so the site is missing from AI answers and agents cannot read it for their users.',
  'audit.title.edge-access': 'AI agents at the CDN or firewall',
  'audit.cost.edge-access':
    'The CDN or firewall refuses AI agents or answers them with a challenge, so they cannot read the site whatever robots.txt allows.',
  'audit.title.sitemap': 'Sitemap',
  'audit.cost.sitemap': 'Crawlers and agents cannot list the pages, so new or deep pages are found late or never.',
  'audit.title.link-headers': 'Discovery links in the home page headers',
  'audit.cost.link-headers':
    'An agent reading the home page finds no pointer to an API, documentation or a machine-readable version, and has to guess where they are.',
  'audit.title.canonical': 'Canonical address, open to indexing',
  'audit.cost.canonical':
    'Search engines and the agents that rely on them may leave the home page out, or credit another address with it, so the site is found and cited less.',
  'audit.title.markdown-negotiation': 'Markdown for agents',
  'audit.cost.markdown-negotiation':
    'Agents that ask for markdown get the full HTML instead: more to read, more noise, and more room to misread the offer.',
  'audit.title.extractability': 'Content readable without JavaScript',
  'audit.cost.extractability':
    'Agents that do not run JavaScript find little or no text, or no clear outline, so they describe the site from scraps or not at all.',
  'audit.title.llms-txt': 'Site index for language models (llms.txt)',
  'audit.cost.llms-txt':
    'Assistants such as ChatGPT or Claude have no short index of the site to read first, so they piece it together from whatever pages they find.',
  'audit.title.llms-full-txt': 'Full text for language models (llms-full.txt)',
  'audit.cost.llms-full-txt':
    'Assistants cannot read the whole site in one file as offered, so they fetch page after page and may miss what matters.',
  'audit.title.api-catalog': 'API catalogue',
  'audit.cost.api-catalog':
    'Agents cannot discover that the site has an API, so they cannot act on it (enquire, look up, book) and scrape pages instead.',
  'audit.title.openapi': 'API description (OpenAPI)',
  'audit.cost.openapi':
    'Agents that find the API cannot read how to call it, so they cannot use it without a developer in between.',
  'audit.title.oauth-protected-resource': 'How to get access to the API (OAuth)',
  'audit.cost.oauth-protected-resource':
    'Agents cannot find out how to get permission for the protected API, so acting on behalf of a signed-in user fails.',
  'audit.title.oauth-authorization-server': 'Where agents sign in (OAuth server)',
  'audit.cost.oauth-authorization-server':
    'Agents cannot find where to sign in or get a token, so they cannot act for a user who has an account.',
  'audit.title.mcp-server-card': 'MCP server card',
  'audit.cost.mcp-server-card':
    'Claude, ChatGPT and other MCP clients cannot discover a tool server for the site, so they cannot call it directly.',
  'audit.title.mcp-connect': 'MCP connection',
  'audit.cost.mcp-connect':
    'An MCP client that finds the server cannot connect and list its tools, so the tools the site advertises are out of reach.',
  'audit.title.a2a-agent-card': 'A2A agent card',
  'audit.cost.a2a-agent-card':
    'Other AI agents cannot discover an agent of the business to talk to, so requests from agent to agent (a question, a quote) cannot reach it.',
  'audit.title.a2a-connect': 'A2A conversation',
  'audit.cost.a2a-connect':
    'An agent that finds the A2A card gets no answer from it, so requests sent to the site’s agent go nowhere.',
  'audit.title.agent-skills': 'Agent skills',
  'audit.cost.agent-skills':
    'Agents find no published skills telling them how to use the site, so each works it out from scratch, slower and less reliably.',
  'audit.title.webmcp': 'Forms as tools for browser agents (WebMCP)',
  'audit.cost.webmcp':
    'Browser agents cannot use the site’s forms as tools, so filling them in for a visitor is guesswork.',
  'audit.title.json-ld': 'Who the business is (structured data)',
  'audit.cost.json-ld':
    'Search engines and AI assistants cannot reliably read who the business is (name, logo, contact), so they may describe it wrongly or not at all.',
  'audit.title.web-bot-auth': 'Signed agent requests (Web Bot Auth)',
  'audit.cost.web-bot-auth':
    'Sites the business’s own agents call cannot verify the requests come from it, so they may be blocked as unknown bots.',
  'audit.title.ard': 'Catalogue of agents and tools (ARD)',
  'audit.cost.ard':
    'Agent registries and crawlers cannot list the site’s agents, tools and APIs from one catalogue, so each must be found on its own.',
} as const;
