import type { MetaDescriptor } from '@remix-run/node';

type Match = { id: string; data: unknown };

/** "Golfers | <league name>": the league name comes from the root loader (Settings). */
export function titled(matches: readonly Match[], title: string): MetaDescriptor[] {
  const root = matches.find((m) => m.id === 'root')?.data as { leagueName?: string } | undefined;
  return [{ title: `${title} | ${root?.leagueName ?? 'Golf League'}` }];
}
