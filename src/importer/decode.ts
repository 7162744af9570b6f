// A page's bytes as text in the charset it declares: the Content-Type header first, then a
// <meta charset> (or http-equiv) in its first 1 024 bytes, else UTF-8. Older sites, German agencies'
// among them, still serve ISO-8859-1 and windows-1252, whose umlauts UTF-8 would garble.
export function decodeHtml(body: Buffer, contentType: string): string {
  const head = body.subarray(0, 1024).toString('latin1');
  const declared =
    /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
  if (declared) {
    try {
      return new TextDecoder(declared).decode(body);
    } catch {
      // An unknown label: UTF-8 is the web's default and the likeliest right answer.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}
