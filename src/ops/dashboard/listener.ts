// The operator dashboard's own listener (ADMIN_PORT on HOST), separate from the public site so a
// firewall can keep it internal. Every request needs ADMIN_TOKEN (auth.ts) but the TLS proxy's
// question whether a host is served (tls-ask.ts), which carries no token; pages are server-side
// HTML with charts as images, under a CSP that allows no script and nothing external.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerClientError,
  closeListener,
  createLimitedServer,
  listenOn,
  type RefusalBody,
} from '../../http/listener-limits.ts';
import { html } from '../../kernel/html-template.ts';
import { DateRangeError, dayRange } from '../../domain/insight/date-range.ts';
import { buildReport } from '../../domain/insight/report.ts';
import type { Services } from '../../app/services.ts';
import { knownFamilies, type DayRange } from '../../store/analytics-queries.ts';
import { authChallenge, createTokenCheck } from './auth.ts';
import { type DashboardAnswer, type FirstPage, familyOf, message, notFound } from './answers.ts';
import { page } from './layout.ts';
import { contentGapsCard } from './content-gaps.ts';
import { familyMain, overviewMain, searchesMain } from './pages.ts';
import { serveSitesPage } from './site-pages.ts';
import { dashboardCsp } from './styles.ts';
import { tlsAsk, tlsAskPath } from './tls-ask.ts';

export interface AdminListener {
  /** The bound port (useful when ADMIN_PORT=0 picks a free one). */
  port: number;
  close(): Promise<void>;
}

const securityHeaders = {
  'content-security-policy': dashboardCsp,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** Starts the dashboard on `port` (ADMIN_PORT), behind `token` (ADMIN_TOKEN). */
export async function startAdminListener(services: Services, port: number, token: string): Promise<AdminListener> {
  const { config, logger } = services;
  const authorized = createTokenCheck(token);
  const firstPage: FirstPage = services.sites ? 'sites' : 'overview';
  // The same timeouts, Host check and unreadable-request answers as every other listener.
  const refusal: RefusalBody = (status, text) => ({
    contentType: 'text/html; charset=utf-8',
    body: message(status === 408 ? 'Too slow' : 'Bad request', text, firstPage),
  });
  const server = createLimitedServer(config.listener, refusal, (req, res) => {
    const head = req.method === 'HEAD';
    const url = new URL(req.url ?? '/', 'http://dashboard.invalid');
    if (url.pathname === tlsAskPath) {
      const { status, text } = tlsAsk(services, req.method, url);
      res
        .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders })
        .end(head ? undefined : text);
      return;
    }
    const answer = authorized(req.headers.authorization) ? servePage(services, req, head) : signInNeeded(firstPage);
    answer
      .then(({ status, html, headers }) => send(res, status, html, head, headers))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'dashboard page failed');
        if (res.headersSent) return res.destroy();
        const text = 'The figures could not be read just now; try again shortly.';
        send(res, 500, message('Figures unavailable', text, firstPage), head);
      });
  });
  server.on('clientError', answerClientError(refusal));
  await listenOn(server, config.listener, port, config.host);
  return {
    port: (server.address() as AddressInfo).port,
    close: () => closeListener(server),
  };
}

function send(
  res: http.ServerResponse,
  status: number,
  html: string,
  head: boolean,
  extra: Record<string, string> = {},
): void {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...securityHeaders, ...extra })
    .end(head ? undefined : html);
}

async function signInNeeded(firstPage: FirstPage): Promise<DashboardAnswer> {
  const text =
    'The dashboard needs the operator token (ADMIN_TOKEN), as a bearer token or as the password of Basic sign-in.';
  return {
    status: 401,
    html: message('Sign-in needed', text, firstPage),
    headers: { 'www-authenticate': authChallenge },
  };
}

/** The page an authorised request asks for: the overview, searches, a family's page, or why not. */
async function servePage(services: Services, req: http.IncomingMessage, head: boolean): Promise<DashboardAnswer> {
  const firstPage: FirstPage = services.sites ? 'sites' : 'overview';
  if (req.method !== 'GET' && !head)
    return {
      status: 405,
      html: message('Not allowed', 'The dashboard only answers GET.', firstPage),
      headers: { allow: 'GET, HEAD' },
    };
  const url = new URL(req.url ?? '/', 'http://dashboard.invalid');
  let range: DayRange;
  try {
    range = dayRange(url.searchParams.get('from') ?? undefined, url.searchParams.get('to') ?? undefined);
  } catch (error) {
    if (!(error instanceof DateRangeError)) throw error;
    return { status: 400, html: message('Bad date range', `${error.message}.`, firstPage) };
  }
  // With SITES_DIR: the index of sites, and each site's own pages.
  if (services.sites) return serveSitesPage(services, services.sites, url, range);
  const family = familyOf(url.pathname);
  if (url.pathname !== '/' && url.pathname !== '/searches' && family === undefined) {
    return notFound('No dashboard page here: see the overview.', 'overview');
  }
  const { store, insight } = services;
  // Counts still in memory are written first, so the page shows every request up to now.
  await insight.flush();
  const [report, families] = await Promise.all([
    buildReport(store.db, { ...range, ...(family !== undefined && { family }) }),
    knownFamilies(store.db, range),
  ]);
  const shell = { range, families, path: url.pathname };
  if (family !== undefined)
    return {
      status: 200,
      html: page({ ...shell, title: family, main: await familyMain(report, family, url.pathname) }),
    };
  if (url.pathname === '/searches')
    return { status: 200, html: page({ ...shell, title: 'Searches and asks', main: await searchesMain(report) }) };
  const main = html`${await overviewMain(report)}${contentGapsCard(services.content.gaps)}`;
  return { status: 200, html: page({ ...shell, title: 'Overview', main }) };
}
