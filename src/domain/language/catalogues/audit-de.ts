// The agent-readiness audit's words in German: the same keys as audit-en.ts.
import type { auditEn } from './audit-en.ts';

export const auditDe: Record<keyof typeof auditEn, string> = {
  'audit.eyebrow': 'Kostenloser Check',
  'audit.title': 'Wie bereit ist Ihre Website für KI-Agenten?',
  'audit.intro':
    'Wir prüfen, was KI-Agenten und ihre Prüfwerkzeuge auf Ihrer Website lesen: robots.txt und ihre KI-Regeln, die Sitemap, Markdown für Agenten, llms.txt, API- und MCP-Auffindbarkeit, A2A, Agent Skills, WebMCP und strukturierte Daten. Sie bekommen eine Stufe von 0 bis 5, eine Punktzahl und für jede Lücke eine Lösung.',
  'audit.terms':
    'Nur öffentliche Websites (Ports 80 und 443). {policy} je Besucher. Berichte bleiben {days} Tage unter ihrer eigenen Adresse und werden dann gelöscht.',
  'audit.pageTitle': 'Agenten-Check',
  'audit.errorTitle': 'Fehler: Check nicht ausgeführt',
  'audit.problem': 'Da stimmt etwas nicht',
  'audit.urlLabel': 'Adresse Ihrer Website <hint>(zum Beispiel https://example.com)</hint>',
  'audit.submit': 'Meine Website prüfen',
  'audit.markdownUse':
    'Menschen nutzen das Formular unter {form}. Agenten senden `POST {api}` mit `{example}` (siehe {developers}).',
  'audit.status.pass': 'Bestanden',
  'audit.status.warn': 'Warnung',
  'audit.status.fail': 'Nicht bestanden',
  'audit.status.skip': 'Nicht angeboten',
  'audit.status.error': 'Nicht prüfbar',
  'audit.nothingToFix': 'Nichts zu tun.',
  'audit.needWork': '{count, plural, one {# Prüfung braucht} other {# Prüfungen brauchen}} Arbeit.',
  'audit.lead': 'Stufe {level} von 5 ({levelName}), {score} von 100 Punkten. {work} Geprüft {audited} UTC.',
  'audit.ask': 'Fragen Sie uns zu diesem Bericht',
  'audit.wantFixed': 'Sollen wir das beheben?',
  'audit.sendReport': 'Schicken Sie uns diesen Bericht, und wir sagen Ihnen, was zuerst zu tun ist.',
  'audit.another': 'Andere Website prüfen',
  'audit.reportEyebrow': 'Bericht zur Agenten-Tauglichkeit',
  'audit.reportTitle': 'Agenten-Tauglichkeit von {url}',
  'audit.noReport': 'Unter dieser Adresse gibt es keinen Bericht; Berichte werden nur begrenzte Zeit aufbewahrt.',
  'audit.crossSite':
    'Dieses Formular kann nur von unserer eigenen Check-Seite gesendet werden. Es wurde nichts geprüft.',
  'audit.badAddress': 'Die Adresse {problem}.',
  'audit.notAnAddress': 'Das Formular hat keine Adresse gesendet. Bitte geben Sie die Adresse Ihrer Website ein.',
  'audit.busy': 'Wir führen gerade andere Checks aus. Bitte versuchen Sie es in {wait} noch einmal.',
  'audit.tooMany': 'Sie haben in kurzer Zeit mehrere Checks ausgeführt. Bitte versuchen Sie es in {wait} noch einmal.',
  'audit.noAnswer':
    'Die Startseite Ihrer Website hat uns nicht geantwortet, deshalb konnte nichts geprüft werden. Prüfen Sie die Adresse und versuchen Sie es noch einmal.',
  'audit.badForm':
    'Das Formular kam in einer Form, die wir nicht annehmen. Bitte geben Sie die Adresse Ihrer Website ein und senden Sie es noch einmal.',
  'audit.fault':
    'Bei uns ist etwas schiefgegangen, der Check lief nicht. Bitte versuchen Sie es in ein paar Minuten noch einmal.',
  'audit.gauge': 'Punktzahl: {score} von 100',
  'audit.gaugeUnit': 'von 100',
  'audit.ladder': 'Stufenleiter',
  'audit.ladderHere': 'diese Website',
  'audit.levelOf': 'Stufe {level} von 5: {levelName}',
  'audit.levelName.0': 'Nicht bereit',
  'audit.levelName.1': 'Einfache Webpräsenz',
  'audit.levelName.2': 'Kennt Bots',
  'audit.levelName.3': 'Für Agenten lesbar',
  'audit.levelName.4': 'Mit Agenten verbunden',
  'audit.levelName.5': 'Für Agenten gebaut',
  'audit.next.0':
    'Stufe 1 braucht zwei davon: eine robots.txt, eine Sitemap, Discovery-Link-Header auf der Startseite.',
  'audit.next.1':
    'Stufe 2 braucht Regeln für KI-Crawler in der robots.txt, ein Signal, wie die Inhalte genutzt werden dürfen, und ein CDN oder eine Firewall, die die Agenten durchlassen, die diese Regeln erlauben.',
  'audit.next.2': 'Stufe 3 braucht eine Startseite, die in Markdown antwortet, wenn ein Agent danach fragt.',
  'audit.next.3':
    'Stufe 4 braucht eines davon: eine MCP-Server-Card, eine A2A-Agent-Card, einen Agent-Skills-Index, einen API-Katalog.',
  'audit.next.4':
    'Stufe 5 braucht zwei davon: Web Bot Auth, alle vier Agenten-Dokumente (MCP, A2A, Skills, API-Katalog), OAuth-Metadaten, deren Autorisierungsserver an seinen Endpunkten antwortet.',
  'audit.next.5': 'Das ist die oberste Stufe: Agenten finden die Website, lesen sie und handeln über sie.',
  'audit.toFix': '{count, plural, one {# Prüfung zu beheben} other {# Prüfungen zu beheben}}',
  'audit.toFixIntro': 'Zuerst was nicht bestanden ist, dann was wir nicht prüfen konnten, dann Warnungen.',
  'audit.passed': '{count, plural, one {# Prüfung bestanden} other {# Prüfungen bestanden}}',
  'audit.passedShow': 'Bestandene Prüfungen zeigen',
  'audit.skipped': '{count, plural, one {# Prüfung nicht angeboten} other {# Prüfungen nicht angeboten}}',
  'audit.skippedIntro':
    'Die Website bietet nicht an, was diese Prüfungen prüfen; sie zählen deshalb nicht zur Punktzahl.',
  'audit.costLabel': 'Was es kostet',
  'audit.fixLabel': 'So beheben Sie es',
  'audit.foundLabel': 'Was wir gefunden haben',
  'audit.evidence': 'Nachweis',
  'audit.evidenceUrl': 'Adresse',
  'audit.evidenceStatus': 'Antwort',
  'audit.evidenceValue': 'Wert',
  'audit.evidenceNoAnswer': 'keine Antwort',
  'audit.checkId': 'Prüfung <code>{id}</code>',
  'audit.frontHeading': 'Was agentsite import und der Front-Modus beheben',
  'audit.frontIntro':
    '{count, plural, one {# nicht bestandene Prüfung besteht} other {# nicht bestandene Prüfungen bestehen}}, sobald die Website mit agentsite import übernommen ist und das Produkt vor ihr steht, ohne dass sich an der Website selbst etwas ändert:',
  'audit.frontNothing':
    'Keine der nicht bestandenen Prüfungen behebt der Front-Modus: Sie betreffen die Website selbst.',
  'audit.frontGuide': 'Wie das geht, Schritt für Schritt: <link>vor einer bestehenden Website</link>.',
  'audit.keptAt':
    'Dieser Bericht bleibt {days} Tage unter {page}. Soll das behoben werden? Fragen Sie die Agentur: {contact}',
  'audit.title.robots-txt': 'Regeln für Crawler (robots.txt)',
  'audit.cost.robots-txt':
    'Crawler und KI-Agenten finden keine Regeln für die Website, also rät jeder, was er lesen darf, und vorsichtige bleiben fern.',
  'audit.title.robots-ai-rules': 'Regeln für KI-Crawler',
  'audit.cost.robots-ai-rules':
    'GPTBot, ClaudeBot und andere KI-Crawler bekommen keine eigene Regel, also hat die Website kein Wort dabei, ob sie Modelle trainiert oder in KI-Antworten erscheint.',
  'audit.title.content-signals': 'Wie die Inhalte genutzt werden dürfen',
  'audit.cost.content-signals':
    'KI-Systeme erkennen nicht, ob die Website ihre Inhalte für Suche, KI-Antworten oder Modelltraining freigibt, und entscheiden selbst.',
  'audit.title.crawler-access': 'Zugang für KI-Crawler und Agenten',
  'audit.cost.crawler-access':
    'Die Regeln der Website sperren KI-Suchcrawler oder Agenten im Auftrag eines Nutzers aus, also fehlt die Website in KI-Antworten und Agenten können sie für ihre Nutzer nicht lesen.',
  'audit.title.edge-access': 'KI-Agenten am CDN oder an der Firewall',
  'audit.cost.edge-access':
    'CDN oder Firewall weisen KI-Agenten ab oder antworten ihnen mit einer Challenge, also können sie die Website nicht lesen, was robots.txt auch erlaubt.',
  'audit.title.sitemap': 'Sitemap',
  'audit.cost.sitemap':
    'Crawler und Agenten können die Seiten nicht auflisten, also werden neue oder tief liegende Seiten spät oder nie gefunden.',
  'audit.title.link-headers': 'Discovery-Links in den Headern der Startseite',
  'audit.cost.link-headers':
    'Ein Agent auf der Startseite findet keinen Hinweis auf eine API, eine Dokumentation oder eine maschinenlesbare Fassung und muss raten, wo sie sind.',
  'audit.title.canonical': 'Kanonische Adresse, offen für die Indexierung',
  'audit.cost.canonical':
    'Suchmaschinen und die Agenten, die auf ihnen aufbauen, lassen die Startseite womöglich aus oder schreiben sie einer anderen Adresse zu, also wird die Website seltener gefunden und zitiert.',
  'audit.title.markdown-negotiation': 'Markdown für Agenten',
  'audit.cost.markdown-negotiation':
    'Agenten, die nach Markdown fragen, bekommen das ganze HTML: mehr zu lesen, mehr Ballast und mehr Raum, das Angebot falsch zu verstehen.',
  'audit.title.extractability': 'Inhalte ohne JavaScript lesbar',
  'audit.cost.extractability':
    'Agenten, die kein JavaScript ausführen, finden wenig oder keinen Text und keine klare Gliederung, also beschreiben sie die Website aus Bruchstücken oder gar nicht.',
  'audit.title.llms-txt': 'Seitenindex für Sprachmodelle (llms.txt)',
  'audit.cost.llms-txt':
    'Assistenten wie ChatGPT oder Claude haben keinen kurzen Index der Website, den sie zuerst lesen, und setzen sie aus den Seiten zusammen, die sie zufällig finden.',
  'audit.title.llms-full-txt': 'Volltext für Sprachmodelle (llms-full.txt)',
  'audit.cost.llms-full-txt':
    'Assistenten können die Website nicht wie angeboten in einer Datei lesen, also rufen sie Seite um Seite ab und übersehen womöglich das Wichtige.',
  'audit.title.api-catalog': 'API-Katalog',
  'audit.cost.api-catalog':
    'Agenten erfahren nicht, dass die Website eine API hat, können also nicht über sie handeln (anfragen, nachschlagen, buchen) und lesen stattdessen Seiten aus.',
  'audit.title.openapi': 'API-Beschreibung (OpenAPI)',
  'audit.cost.openapi':
    'Agenten, die die API finden, können nicht lesen, wie sie aufzurufen ist, und brauchen dafür einen Entwickler.',
  'audit.title.oauth-protected-resource': 'Zugang zur API (OAuth)',
  'audit.cost.oauth-protected-resource':
    'Agenten finden nicht heraus, wie sie Zugriff auf die geschützte API bekommen, also scheitert jedes Handeln im Namen eines angemeldeten Nutzers.',
  'audit.title.oauth-authorization-server': 'Wo Agenten sich anmelden (OAuth-Server)',
  'audit.cost.oauth-authorization-server':
    'Agenten finden nicht, wo sie sich anmelden oder ein Token bekommen, und können nicht für einen Nutzer mit Konto handeln.',
  'audit.title.mcp-server-card': 'MCP-Server-Card',
  'audit.cost.mcp-server-card':
    'Claude, ChatGPT und andere MCP-Clients entdecken keinen Tool-Server der Website und können sie nicht direkt aufrufen.',
  'audit.title.mcp-connect': 'MCP-Verbindung',
  'audit.cost.mcp-connect':
    'Ein MCP-Client, der den Server findet, kann sich nicht verbinden und seine Tools nicht auflisten, also bleiben die angekündigten Tools unerreichbar.',
  'audit.title.a2a-agent-card': 'A2A-Agent-Card',
  'audit.cost.a2a-agent-card':
    'Andere KI-Agenten finden keinen Agenten des Unternehmens, mit dem sie sprechen können, also erreichen es Anfragen von Agent zu Agent (eine Frage, ein Angebot) nicht.',
  'audit.title.a2a-connect': 'A2A-Gespräch',
  'audit.cost.a2a-connect':
    'Ein Agent, der die A2A-Card findet, bekommt keine Antwort, also laufen Anfragen an den Agenten der Website ins Leere.',
  'audit.title.agent-skills': 'Agent Skills',
  'audit.cost.agent-skills':
    'Agenten finden keine veröffentlichten Skills, die ihnen sagen, wie die Website zu nutzen ist, und erarbeiten es sich jedes Mal neu, langsamer und unzuverlässiger.',
  'audit.title.webmcp': 'Formulare als Tools für Browser-Agenten (WebMCP)',
  'audit.cost.webmcp':
    'Browser-Agenten können die Formulare der Website nicht als Tools nutzen, also ist das Ausfüllen für einen Besucher Raterei.',
  'audit.title.json-ld': 'Wer das Unternehmen ist (strukturierte Daten)',
  'audit.cost.json-ld':
    'Suchmaschinen und KI-Assistenten lesen nicht zuverlässig, wer das Unternehmen ist (Name, Logo, Kontakt), und beschreiben es womöglich falsch oder gar nicht.',
  'audit.title.web-bot-auth': 'Signierte Agenten-Anfragen (Web Bot Auth)',
  'audit.cost.web-bot-auth':
    'Websites, die die eigenen Agenten des Unternehmens aufrufen, können nicht prüfen, ob die Anfragen wirklich von ihm kommen, und sperren sie womöglich als unbekannte Bots.',
  'audit.title.ard': 'Katalog der Agenten und Tools (ARD)',
  'audit.cost.ard':
    'Agenten-Verzeichnisse und Crawler können die Agenten, Tools und APIs der Website nicht aus einem Katalog lesen und müssen jedes einzeln finden.',
};
