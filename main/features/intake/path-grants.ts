/**
 * Paths only from the clerk (docs/security.md): `intake:addPaths` reads a path the page names only when
 * main handed it out. The dialog, the scan folder and the scanner never send paths through the page —
 * main queues what they give it directly — so the one way a path reaches main from the page is a drop:
 * the preload resolves each dropped File with webUtils.getPathForFile (a page cannot make a File carry a
 * path it chose) and grants the paths through `intake:grantPaths`, a channel the preload keeps to itself.
 * A grant is spent by the addPaths it was made for; a path never granted, or granted and spent, is refused.
 */
import path from 'node:path';

/** Grants waiting for their addPaths; more are not kept (the oldest go first). */
const MAX_GRANTS = 2000;

export function createPathGrants() {
  const granted = new Set<string>();
  const key = (target: string) => path.resolve(target);
  return {
    grant(paths: readonly string[]): number {
      for (const target of paths) {
        granted.delete(key(target));
        granted.add(key(target));
      }
      for (const oldest of granted) {
        if (granted.size <= MAX_GRANTS) break;
        granted.delete(oldest);
      }
      return paths.length;
    },
    /** True (and the grants spent) when every path was granted; false and nothing spent otherwise. */
    take(paths: readonly string[]): boolean {
      if (!paths.every((target) => granted.has(key(target)))) return false;
      for (const target of paths) granted.delete(key(target));
      return true;
    },
  };
}
