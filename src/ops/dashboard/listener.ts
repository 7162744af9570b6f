// The operator dashboard's own listener (ADMIN_PORT on HOST), separate from the public site so a
// firewall can keep it internal. Every request needs ADMIN_TOKEN (auth.ts); pages are server-side
// HTML with charts as images, under a CSP that allows no script and nothing external.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError, createLimitedServer, listenOn, type RefusalBody } from '../../http/listener-limits.ts';
import { DateRangeError, dayRange } from '../../domain/insight/date-range.ts';
import { buildReport } from '../../domain/insight/report.ts';
import type { Services } from '../../app/services.ts';
import { knownFamilies, type DayRange } from '../../store/analytics-queries.ts';
import { authChallenge, createTokenCheck } from './auth.ts';
import { dashboardHtml, page } from './layout.ts';
import { familyMain, overviewMain, searchesMain } from './pages.ts';
import { dashboardCsp } from './styles.ts';

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

/** The listener when ADMIN_PORT is set (config guarantees ADMIN_TOKEN then), otherwise undefined. */
export async function startConfiguredAdminListener(services: Services): Promise<AdminListener | undefined> {
  const admin = services.config.admin;
  return admin === undefined ? undefined : startAdminListener(services, admin.port, admin.token);
}

export async function startAdminListener(services: Services, port: number, token: string): Promise<AdminListener> {
  const { config, logger, store, insight } = services;
  const authorized = createTokenCheck(token);
  const send = (
    res: http.ServerResponse,
    status: number,
    html: string,
    head: boolean,
    extra: Record<string, string> = {},
  ): void => {
    res
      .writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...securityHeaders, ...extra })
      .end(head ? undefined : html);
  };
  const message = (title: string, text: string, range: DayRange = dayRange(undefined, undefined)): string =>
    page({
      title,
      path: '',
      range,
      families: [],
      main: dashboardHtml`<h1>${title}</h1><p class="error" role="alert">${text}</p><p><a href="/">Back to the overview</a></p>`,
    });

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const head = req.method === 'HEAD';
    if (!authorized(req.headers.authorization)) {
      return send(
        res,
        401,
        message(
          'Sign-in needed',
          'The dashboard needs the operator token (ADMIN_TOKEN), as a bearer token or as the password of Basic sign-in.',
        ),
        head,
        { 'www-authenticate': authChallenge },
      );
    }
    if (req.method !== 'GET' && !head)
      return send(res, 405, message('Not allowed', 'The dashboard only answers GET.'), head, { allow: 'GET, HEAD' });
    const url = new URL(req.url ?? '/', 'http://dashboard.invalid');
    let range: DayRange;
    try {
      range = dayRange(url.searchParams.get('from') ?? undefined, url.searchParams.get('to') ?? undefined);
    } catch (error) {
      if (!(error instanceof DateRangeError)) throw error;
      return send(res, 400, message('Bad date range', `${error.message}.`), head);
    }
    const family = familyOf(url.pathname);
    if (url.pathname !== '/' && url.pathname !== '/searches' && family === undefined) {
      return send(res, 404, message('Not found', 'No dashboard page here: see the overview.'), head);
    }
    // Counts still in memory are written first, so the page shows every request up to now.
    await insight.flush();
    const [report, families] = await Promise.all([
      buildReport(store.db, { ...range, ...(family !== undefined && { family }) }),
      knownFamilies(store.db, range),
    ]);
    const shell = { range, families, path: url.pathname };
    if (family !== undefined)
      return send(
        res,
        200,
        page({ ...shell, title: family, main: await familyMain(report, family, url.pathname) }),
        head,
      );
    if (url.pathname === '/searches')
      return send(res, 200, page({ ...shell, title: 'Searches and asks', main: await searchesMain(report) }), head);
    return send(res, 200, page({ ...shell, title: 'Overview', main: await overviewMain(report) }), head);
  };

  // The same timeouts, Host check and unreadable-request answers as every other listener.
  const refusal: RefusalBody = (status, text) => ({
    contentType: 'text/html; charset=utf-8',
    body: message(status === 408 ? 'Too slow' : 'Bad request', text),
  });
  const server = createLimitedServer(config.listener, refusal, (req, res) => {
    serve(req, res).catch((error: unknown) => {
      logger.error({ err: error }, 'dashboard page failed');
      if (!res.headersSent)
        send(
          res,
          500,
          message('Figures unavailable', 'The figures could not be read just now; try again shortly.'),
          req.method === 'HEAD',
        );
      else res.destroy();
    });
  });
  server.on('clientError', answerClientError(refusal));
  await listenOn(server, config.listener, port, config.host);
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The family a `/family/<name>` path names, or undefined. */
function familyOf(pathname: string): string | undefined {
  const match = /^\/family\/([^/]{1,120})$/.exec(pathname);
  if (!match) return undefined;
  try {
    const name = decodeURIComponent(match[1]!);
    // No family holds NUL (it is never stored), and PostgreSQL cannot even compare text carrying it.
    return name.trim() === '' || name.includes('\u0000') ? undefined : name;
  } catch {
    return undefined;
  }
}
