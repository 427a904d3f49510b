import { getSettings } from '~/models/settings.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';
import { THEME_COLOR } from '~/ui/golfer-app';

/**
 * GET /manifest.webmanifest: what 'Add to Home Screen' reads on the golfers' pages (docs/product/my-league.md#the-phone-app,
 * docs/decisions/160-golfers-phone-app.md): the league's name, an icon from its logo, and 'My league' as the page it
 * opens, standalone (no browser bar). Linked from /me and the card only.
 */
export function loader() {
  return apiHandler(async () => {
    const { leagueName } = await getSettings();
    const manifest = {
      name: leagueName,
      short_name: 'My league',
      description: `${leagueName}: your tee time, your nights and your group's scorecard.`,
      id: '/me',
      start_url: '/me',
      scope: '/me',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
      icons: [192, 512].map((size) => ({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
    };
    return new Response(JSON.stringify(manifest), {
      headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=3600' },
    });
  });
}

export const action = getOnlyAction;
