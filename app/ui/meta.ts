import type { MetaDescriptor } from '@remix-run/node';

type Match = { id: string; data: unknown };

/**
 * Every page's title: "Golfers | <league name>", the league name coming from the root loader (Settings); without
 * a title, the league name alone. `site` replaces the league name for a page that stands in for someone else's
 * (the simulated checkout: "Test payment | Checkout").
 */
export function titled(matches: readonly Match[], title?: string, site?: string): MetaDescriptor[] {
  const root = matches.find((m) => m.id === 'root')?.data as { leagueName?: string } | undefined;
  const suffix = site ?? root?.leagueName ?? 'Golf League';
  return [{ title: title ? `${title} | ${suffix}` : suffix }];
}
