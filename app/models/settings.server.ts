import { db } from '~/utils/db.server';

export type LeagueSettings = Awaited<ReturnType<typeof getSettings>>;

/** The league's settings row, created with its defaults the first time it is read. */
export async function getSettings() {
  return (await db.setting.findUnique({ where: { id: 1 } })) ?? db.setting.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
}

export async function updateSettings(data: Partial<Omit<LeagueSettings, 'id'>>) {
  return db.setting.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}
