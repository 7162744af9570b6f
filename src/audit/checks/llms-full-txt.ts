// /llms-full.txt: the whole site's text in one file, an optional companion of llms.txt (the llms.txt
// proposal leaves it to each site), so a site without it skips. A site offering it serves it as
// text, not empty. The file may run to many megabytes: only its first 64 KiB are asked for (a Range
// request, which fetch sends unencoded, so the slice reads on its own) and read, and its size comes from Content-Range
// (or the length of an answer that ends within the slice).
import type { AuditContext } from '../context.ts';
import { FetchFailed } from '../fetch/errors.ts';
import type { CheckResult, Evidence } from '../report.ts';
import { evidence, fail, pass, skip } from '../verdict.ts';
import { llmsFullTxtWords } from '../words/llms-full-txt.ts';

/** The bytes read of the file: enough to tell text from a page, far below the audit's per-response limit. */
export const llmsFullPrefixBytes = 64 * 1024;

export async function llmsFullTxt(ctx: AuditContext): Promise<CheckResult> {
  const say = llmsFullTxtWords(ctx.language);
  const url = new URL('/llms-full.txt', ctx.site).href;
  const response = await fetchSlice(ctx, url);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const { text: prefix, wholeLength } = await readPrefix(response);
  const proof = (value?: string): Evidence => evidence({ url, status: response.status }, value);
  const fix = say('serveFile');
  const { status } = response;
  if (status === 404 || status === 410) return skip('llms-full-txt', say('absent', { status }), proof());
  // A site answering every path with its app's page has no such file.
  if (response.ok && type === 'text/html') return skip('llms-full-txt', say('htmlPage'), proof(type));
  // 416: not even the first byte exists.
  if (status === 416) return fail('llms-full-txt', say('empty'), proof(), fix);
  if (!response.ok) return fail('llms-full-txt', say('notServed', { status }), proof(), fix);
  if (type !== 'text/plain' && type !== 'text/markdown')
    return fail('llms-full-txt', type ? say('wrongType', { type }) : say('noType'), proof(type), fix);
  const text = prefix.replace(/^\uFEFF/, '').trimStart();
  if (text === '') return fail('llms-full-txt', say('empty'), proof(), fix);
  if (/^<(!doctype|html)\b/i.test(text)) return fail('llms-full-txt', say('htmlAsText'), proof(text), fix);
  const first = text.split(/\r?\n/, 1)[0]!;
  const size = wholeLength ?? sizeOf(response);
  const message = size === undefined ? say('passed', { type, first }) : say('passedSized', { type, size, first });
  return pass('llms-full-txt', message, proof(first));
}

/**
 * The file's first slice, asked for with Range (which fetch sends unencoded). A server that ignores
 * Range and declares an unencoded whole larger than the audit reads of one answer fails that fetch;
 * it is asked once more without Range, so with the usual encodings, as its compressed whole (or a
 * stream) is read only as far as the slice.
 */
async function fetchSlice(ctx: AuditContext, url: string): Promise<Response> {
  const accept = 'text/markdown, text/plain';
  try {
    return await ctx.fetch(url, { headers: { accept, range: `bytes=0-${llmsFullPrefixBytes - 1}` } });
  } catch (error) {
    if (!(error instanceof FetchFailed)) throw error;
    return ctx.fetch(url, { headers: { accept } });
  }
}

/**
 * The first llmsFullPrefixBytes of the body as text; the rest is not read, and the stream is let go.
 * `wholeLength`: the body's length when it ended within them.
 */
async function readPrefix(response: Response): Promise<{ text: string; wholeLength?: number }> {
  if (!response.body) return { text: '', wholeLength: 0 };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  try {
    while (length < llmsFullPrefixBytes) {
      const { done, value } = await reader.read();
      ended = done;
      if (done) break;
      chunks.push(value);
      length += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  // A character cut at the slice's end decodes as a replacement character, which no verdict reads.
  const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, llmsFullPrefixBytes));
  return ended ? { text, wholeLength: length } : { text };
}

/** The whole file's size: Content-Range's total on a slice, Content-Length on a whole (unencoded) answer. */
function sizeOf(response: Response): number | undefined {
  const range = /\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '');
  if (range) return Number(range[1]);
  const length = response.headers.get('content-length');
  return length !== null && !response.headers.get('content-encoding') ? Number(length) : undefined;
}
