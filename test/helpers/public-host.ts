// A GET as a load balancer forwards it to one instance: to the instance's own address, with the
// site's public Host header (fetch will not send a Host of our choosing).
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

/** GETs `path` from `baseUrl` with `Host: host` and the given headers; the body is discarded. */
export function getWithHost(
  baseUrl: string,
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: { ...headers, host } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on('error', reject);
  });
}
