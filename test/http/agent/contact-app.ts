// The app the POST /agent/contact tests share, and what they send: a valid enquiry, a fresh client
// address per request (the app trusts loopback as a proxy, so budgets do not interfere) and raw bytes.
import http from 'node:http';
import type { TestApp } from '../../helpers/app.ts';
import { startRecordedApp, type ApiClient } from './contract-recorder.ts';

export const valid = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};
let ip = 0;
/** A fresh client address per test, so budgets do not interfere. */
export const client = (): Record<string, string> => ({ 'x-forwarded-for': `198.51.100.${++ip}` });

/** Sends raw bytes, for bodies fetch cannot produce (invalid UTF-8). */
export function rawPost(
  baseUrl: string,
  path: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Starts the app for the enclosing describe (its recorded answers are checked against the contract);
 * each accessor reads it once it has started.
 */
export function contactApp(): {
  app: () => TestApp;
  api: () => ApiClient;
  db: () => TestApp['app']['services']['store']['db'];
} {
  let app: TestApp | undefined;
  let api: ApiClient | undefined;
  startRecordedApp(
    {
      TRUST_PROXY: 'loopback',
      CRM_WEBHOOK_URL: 'http://127.0.0.1:2/hook',
      CRM_WEBHOOK_SECRET: 'whsec_dGVzdHNlY3JldA==',
    },
    (started, recorder) => {
      app = started;
      api = recorder;
    },
  );
  return { app: () => app!, api: () => api!, db: () => app!.app.services.store.db };
}
