// The findings and fixes of the robots.txt checks: robots-txt, robots-ai-rules and content-signals.
import { checkWords } from './check-words.ts';

export const robotsWords = checkWords({
  en: {
    notServed: 'robots.txt answers {status}',
    serve: 'Serve /robots.txt as text/plain with at least one User-agent group.',
    wrongType: 'robots.txt is served as {type}',
    untyped: 'robots.txt is served as no type',
    serveAsText: 'Serve /robots.txt with Content-Type text/plain.',
    noUserAgent: 'robots.txt has no User-agent line',
    startGroups: 'Start each group of rules with a User-agent line.',
    userAgents: 'robots.txt has {count, plural, one {# User-agent line} other {# User-agent lines}}',
    aiNamed: 'robots.txt has rules for {count, plural, one {# AI crawler} other {# AI crawlers}}',
    aiStarGroup: "robots.txt''s User-agent: * group lets every AI crawler in, and a {field} line states the terms",
    aiNoneNamed: 'robots.txt names no AI crawler',
    aiNoRobots: 'no robots.txt to hold AI crawler rules',
    aiFix:
      'Add User-agent groups for the AI crawlers you allow or refuse (GPTBot, ClaudeBot, PerplexityBot, Google-Extended, …), so your choice is explicit.',
    signalsMissing: 'no Content-Signal or Content-Usage in robots.txt or the home page headers',
    signalsMalformed: '{field} is not a list of known key=value pairs',
    signalsDeclared: '{field} declared',
    signalsFix:
      'Declare how your content may be used: a "Content-Signal: search=yes, ai-input=yes, ai-train=no" line in robots.txt (or a Content-Usage line or header).',
  },
  de: {
    notServed: 'robots.txt antwortet mit {status}',
    serve: 'Liefern Sie /robots.txt als text/plain mit mindestens einer User-agent-Gruppe aus.',
    wrongType: 'robots.txt wird als {type} ausgeliefert',
    untyped: 'robots.txt wird ohne Typ ausgeliefert',
    serveAsText: 'Liefern Sie /robots.txt mit Content-Type text/plain aus.',
    noUserAgent: 'robots.txt hat keine User-agent-Zeile',
    startGroups: 'Beginnen Sie jede Gruppe von Regeln mit einer User-agent-Zeile.',
    userAgents: 'robots.txt hat {count, plural, one {# User-agent-Zeile} other {# User-agent-Zeilen}}',
    aiNamed: 'robots.txt hat Regeln für {count, plural, one {# KI-Crawler} other {# KI-Crawler}}',
    aiStarGroup:
      'die Gruppe „User-agent: *“ in robots.txt lässt jeden KI-Crawler zu, und eine {field}-Zeile nennt die Bedingungen',
    aiNoneNamed: 'robots.txt nennt keinen KI-Crawler',
    aiNoRobots: 'keine robots.txt, die Regeln für KI-Crawler enthalten könnte',
    aiFix:
      'Legen Sie User-agent-Gruppen für die KI-Crawler an, die Sie zulassen oder abweisen (GPTBot, ClaudeBot, PerplexityBot, Google-Extended, …), damit Ihre Entscheidung ausdrücklich ist.',
    signalsMissing: 'kein Content-Signal oder Content-Usage in robots.txt oder in den Headern der Startseite',
    signalsMalformed: '{field} ist keine Liste bekannter key=value-Paare',
    signalsDeclared: '{field} angegeben',
    signalsFix:
      'Geben Sie an, wie Ihre Inhalte genutzt werden dürfen: mit einer Zeile „Content-Signal: search=yes, ai-input=yes, ai-train=no“ in robots.txt (oder einer Content-Usage-Zeile bzw. einem Content-Usage-Header).',
  },
});
