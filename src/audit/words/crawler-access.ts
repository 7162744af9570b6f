// The crawler-access check's findings and fixes: one line per group of AI crawlers, each naming its
// group by a select on `group` (user, search, training), so each language words the group itself.
import { checkWords } from './check-words.ts';

const enGroup =
  '{group, select, user {agents acting for a user} search {AI search crawlers} other {AI training crawlers}}';
const deGroup =
  '{group, select, user {Agenten im Auftrag eines Nutzers} search {KI-Suchcrawler} other {KI-Trainingscrawler}}';

export const crawlerAccessWords = checkWords({
  en: {
    mayRead: `${enGroup}: may read`,
    allShut: `${enGroup}: shut out ({names})`,
    someShut: `${enGroup}: {names} shut out`,
    robotsError: 'robots.txt answers {status}, which shuts out every crawler',
    everyoneShut: 'every AI agent is shut out: {groups}',
    shutOut: 'shut out: {names}',
    noneShut: 'none shut out',
    fix: 'Let the agents that fetch pages for a user (ChatGPT-User, Claude-User, Perplexity-User, …) read the site in robots.txt; shut out training crawlers by name if you wish.',
  },
  de: {
    mayRead: `${deGroup}: dürfen lesen`,
    allShut: `${deGroup}: ausgesperrt ({names})`,
    someShut: `${deGroup}: {names} ausgesperrt`,
    robotsError: 'robots.txt antwortet mit {status}, und das sperrt jeden Crawler aus',
    everyoneShut: 'alle KI-Agenten sind ausgesperrt: {groups}',
    shutOut: 'ausgesperrt: {names}',
    noneShut: 'keiner ausgesperrt',
    fix: 'Lassen Sie in robots.txt die Agenten zu, die Seiten im Auftrag eines Nutzers abrufen (ChatGPT-User, Claude-User, Perplexity-User, …); Trainingscrawler können Sie auf Wunsch namentlich aussperren.',
  },
});
