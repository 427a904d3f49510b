import type { getSettings } from '~/models/settings.server';
import { action as settingsAction } from '~/routes/_admin.settings';
import { call, request } from './helpers';

/** Posts a form of the /settings page as the session of `cookie`. */
export function postSettings(cookie: string, form: Record<string, string>) {
  return call(settingsAction, request('/settings', { cookie, form }));
}

/** Settings' Reset Password form for the user `userId`, its new password typed twice. */
export function resetPassword(cookie: string, userId: number | string, password: string) {
  return postSettings(cookie, {
    intent: 'reset-password',
    userId: String(userId),
    password,
    confirmPassword: password,
  });
}

/** The Settings form as the page posts it with `settings`' saved values and every box unticked: add the ticks. */
export function settingsFormOf(settings: Awaited<ReturnType<typeof getSettings>>): Record<string, string> {
  return {
    intent: 'settings',
    leagueName: settings.leagueName,
    statementDescriptor: settings.statementDescriptor,
    seasonFeeCents: (settings.seasonFeeCents / 100).toFixed(2),
    teeFirst: settings.teeFirst,
    teeLast: settings.teeLast,
    teeIntervalMinutes: String(settings.teeIntervalMinutes),
    defaultPar: String(settings.defaultPar),
  };
}
