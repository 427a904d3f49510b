import { describe, expect, it } from 'vitest';
import * as settingsPage from '~/routes/_admin.settings';
import { DEFAULT_PAR, settingsSchema, TEE_INTERVAL_MINUTES } from '~/schemas/settings';
import { signIn } from './helpers';
import { renderPage } from './render-page';

/** The attributes of the input named `name` in `html`. */
function inputAttributes(html: string, name: string): Record<string, string> {
  const tag = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe('the settings form’s whole-number fields', () => {
  it('carry the limits the schema checks, so the browser and the server agree', async () => {
    const { cookie } = await signIn();
    const route = { id: 'routes/_admin.settings', path: 'settings', module: settingsPage };
    const { status, html } = await renderPage('/settings', route, cookie);
    expect(status).toBe(200);
    expect(inputAttributes(html, 'defaultPar')).toMatchObject({ type: 'number', min: '27', max: '45', step: '1' });
    expect(inputAttributes(html, 'teeIntervalMinutes')).toMatchObject({
      type: 'number',
      min: '5',
      max: '60',
      step: '1',
    });
    for (const [field, limits] of [
      ['defaultPar', DEFAULT_PAR],
      ['teeIntervalMinutes', TEE_INTERVAL_MINUTES],
    ] as const) {
      const valid = { ...validSettings, [field]: String(limits.max) };
      expect(settingsSchema.safeParse(valid).success, `${field} at its max`).toBe(true);
      expect(settingsSchema.safeParse({ ...valid, [field]: String(limits.max + 1) }).success).toBe(false);
      expect(settingsSchema.safeParse({ ...valid, [field]: String(limits.min - 1) }).success).toBe(false);
    }
  });
});

const validSettings = {
  leagueName: 'Northern Docs Golf',
  statementDescriptor: 'NORTHERN DOCS GOLF',
  seasonFeeCents: '150',
  teeFirst: '11:00',
  teeLast: '17:30',
  teeIntervalMinutes: '9',
  defaultPar: '36',
};
