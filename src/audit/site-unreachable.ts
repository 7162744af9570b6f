// The one error that means a site could not be audited at all, in a module of its own so the
// listener's process can recognise it without loading the audit itself (its checks, parsers and
// protocol clients load only in the audit's worker and the CLI).

/** The site could not be audited at all: its home page did not answer (the CLI's exit 2). */
export class SiteUnreachable extends Error {
  override name = 'SiteUnreachable';
}
