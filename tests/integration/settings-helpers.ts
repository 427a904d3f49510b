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
