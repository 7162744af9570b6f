// Which sites' content folders are looked at on a tick of the registry's poll. Looking at a folder
// stats each of its files, so a thousand sites looked at every tick kept one process busy whether or
// not anyone asked for them (docs/benchmarks.md, many sites in one process). The sites `due` is given
// (site-notices.ts: those noticed changing, and those notices do not follow while requests ask for
// them, on this tick or the one before, so a change settles over two looks as the single site's does)
// are looked at, and the other loaded sites a few a tick in turn, so every loaded site is looked at
// within `sweepTicks` ticks even when nobody asks for it and no notice came.

export interface SiteLooks {
  /**
   * When the sites to look at were asked for last but one (ms): a site asked for since then is due.
   * A request notes its ask on its site's own entry (loaded-sites.ts), not here: a set of the sites
   * asked for, added to on every request, read another site's place in it each time.
   */
  since(): number;
  /** The sites to look at on this tick, of the `loaded` ones, given those `asked` (or noticed) since since(); starts the next tick. */
  due(loaded: readonly string[], asked: readonly string[], now: number): string[];
}

export function siteLooks(sweepTicks: number): SiteLooks {
  let tickBefore = Number.NEGATIVE_INFINITY;
  let lastTick = Number.NEGATIVE_INFINITY;
  let cursor = 0;
  return {
    since: () => tickBefore,
    due(loaded, asked, now) {
      const isLoaded = new Set(loaded);
      const due = new Set(asked.filter((key) => isLoaded.has(key)));
      tickBefore = lastTick;
      lastTick = now;
      const sweep = Math.min(loaded.length, Math.ceil(loaded.length / sweepTicks));
      for (let step = 0; step < sweep; step += 1) due.add(loaded[(cursor + step) % loaded.length]!);
      cursor = loaded.length === 0 ? 0 : (cursor + sweep) % loaded.length;
      return [...due];
    },
  };
}
