// The ports the Fetch standard blocks (https://fetch.spec.whatwg.org/#port-blocking, "bad port"):
// Node's fetch refuses a URL on one before it connects, as browsers do, so a webhook, HubSpot address
// or key directory given one could never be reached. undici keeps its copy of the list internal, so
// the standard's list is written here once, for the settings and addresses that are fetched to refuse
// such a URL when they are read.
const blockedPorts: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * The port of an http(s) URL that fetch refuses, else undefined (a URL on its scheme's default port,
 * or one that does not parse, is left to the other checks).
 */
export function portFetchRefuses(url: string): number | undefined {
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.port === '') return undefined;
  const port = Number(parsed.port);
  return blockedPorts.has(port) ? port : undefined;
}

/** What is wrong with a URL on such a port, said after the setting or address it is (`X names port …`). */
export function refusedPortProblem(port: number): string {
  return `names port ${port}, one fetch refuses (the Fetch standard's blocked ports), so nothing could reach it`;
}
