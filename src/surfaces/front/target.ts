// The request target as front mode routes and forwards it, normalised once (RFC 3986 6.2.2:
// percent-encoded unreserved characters decoded, other escapes upper case, dot segments removed), so
// the path that decides the route is exactly the path the origin gets. A target that some server
// could still read as one of the product's own paths (by case, a backslash, `;` parameters, `//`,
// an encoded `/`) is refused as ambiguous rather than guessed at.

const unreserved = /^[A-Za-z0-9\-._~]$/;

/** A target's path (no query) normalised, or undefined when it cannot be read (a bad escape, a fragment). */
export function normaliseTargetPath(raw: string): string | undefined {
  if (raw.includes('#')) return undefined;
  if (!raw.includes('%')) return removeDotSegments(raw);
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) return undefined;
  const decoded = raw.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return unreserved.test(character) ? character : `%${hex.toUpperCase()}`;
  });
  return removeDotSegments(decoded);
}

/**
 * Whether `path` (normalised, not itself owned) is one of the product's paths as a lenient server
 * reads it: escapes decoded, case folded, `\` as `/`, `;` parameters dropped, `//` merged.
 */
export function passesForOwned(path: string, owned: (path: string) => boolean): boolean {
  let lenient = path;
  try {
    lenient = decodeURIComponent(path);
  } catch {
    // An escape that is not UTF-8 stays as it is: the other readings still apply.
  }
  lenient = lenient
    .toLowerCase()
    .replaceAll('\\', '/')
    .replace(/;[^/]*/g, '')
    .replace(/\/{2,}/g, '/');
  return owned(removeDotSegments(lenient));
}

/** RFC 3986 5.2.4 for an absolute path: "." and ".." segments resolved, never above the root. */
function removeDotSegments(path: string): string {
  if (!path.includes('/.')) return path;
  const segments = path.split('/');
  const kept: string[] = [];
  const last = segments.length - 1;
  for (let index = 1; index <= last; index += 1) {
    const segment = segments[index] as string;
    if (segment === '.' || segment === '..') {
      if (segment === '..') kept.pop();
      // "/a/." and "/a/b/.." name a folder: the trailing slash stays.
      if (index === last) kept.push('');
    } else kept.push(segment);
  }
  return `/${kept.join('/')}`;
}
