// One GET sent with a Host of the bench's choosing (fetch keeps the URL's own Host), from a new client
// address each time (addresses.ts), its body read and dropped.
import http from 'node:http';
import { nextClientAddress } from './addresses.ts';

/** The status of a GET of `url` sent with `Host: host`, 0 when the connection is refused or fails. */
export function statusAs(url: string, host: string, agent?: http.Agent): Promise<number> {
  return new Promise((resolve) => {
    const headers = { host, 'x-forwarded-for': nextClientAddress() };
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume().once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', () => resolve(0));
  });
}
