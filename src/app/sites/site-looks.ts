// Which sites' content folders are looked at on a tick of the registry's poll. Looking at a folder
// stats each of its files, so a thousand sites looked at every tick kept one process busy whether or
// not anyone asked for them (docs/benchmarks.md, many sites in one process). A loaded site is looked
// at on every tick while requests ask for it (asked on this tick or the one before, so a change
// settles over two looks as the single site's does), and the others a few a tick in turn, so every
// loaded site is looked at within `sweepTicks` ticks even when nobody asks for it.

export interface SiteLooks {
  /** A request was served for the site. */
  asked(key: string): void;
  /** The sites to look at on this tick, of the `loaded` ones; starts the next tick. */
  due(loaded: readonly string[]): string[];
}

export function siteLooks(sweepTicks: number): SiteLooks {
  let askedNow = new Set<string>();
  let askedBefore = new Set<string>();
  let cursor = 0;
  return {
    asked(key) {
      askedNow.add(key);
    },
    due(loaded) {
      const isLoaded = new Set(loaded);
      const due = new Set([...askedNow, ...askedBefore].filter((key) => isLoaded.has(key)));
      askedBefore = askedNow;
      askedNow = new Set();
      const sweep = Math.min(loaded.length, Math.ceil(loaded.length / sweepTicks));
      for (let step = 0; step < sweep; step += 1) due.add(loaded[(cursor + step) % loaded.length]!);
      cursor = loaded.length === 0 ? 0 : (cursor + sweep) % loaded.length;
      return [...due];
    },
  };
}
