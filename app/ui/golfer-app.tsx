import { useEffect, useState } from 'react';
import { NoticeLine } from '~/ui/notice';
import { OFFLINE_COPY_ATTRIBUTE, SYNC_TAG, type KeepMessage } from '~/ui/golfer-app-messages';

/**
 * The golfers' phone app (docs/product/my-league.md#the-phone-app, docs/decisions/160-golfers-phone-app.md): the
 * manifest that 'Add to Home Screen' reads and the service worker that keeps /me and tonight's card for a course
 * with no signal. Only the golfers' pages (/me and the card) use this module, so no public page downloads it.
 */

/** The league's green (the logo's, public/favicon.svg): the phone's bar around the app. */
export const THEME_COLOR = '#047857';

/** The golfers' pages' links: the manifest, and the icon iPhones put on the home screen. */
export const golferAppLinks = [
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/icon-192.png' },
];

export const golferAppMeta = [{ name: 'theme-color', content: THEME_COLOR }];

type RemixWindow = Window & { __remixManifest?: { version?: string } };

/** Posts `message` to `target` and waits for its answer on a port of its own. */
function ask(target: ServiceWorker, message: KeepMessage): Promise<{ release?: string }> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ release?: string }>) => resolve(event.data);
    target.postMessage(message, [channel.port2]);
  });
}

/**
 * Registers the golfers' service worker for /me and below and asks it to keep this page and tonight's card (`card`,
 * null when /me offers none). Once the worker has them, `<html data-offline-ready="{release}">` says so (tests wait
 * for it). Returns when the worker kept this page, if the page is its copy (`useOfflineCopy`).
 */
export function useGolferApp(card: string | null): number | null {
  const keptAt = useOfflineCopy();
  useEffect(() => {
    const root = document.documentElement;
    if (root.hasAttribute(OFFLINE_COPY_ATTRIBUTE) || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const page = window.location.pathname;
    let stopped = false;
    let keptBy: string | null = null;
    const keep = (target: ServiceWorker | null | undefined) => {
      if (!target || stopped || target.scriptURL === keptBy) return;
      keptBy = target.scriptURL;
      void ask(target, { type: 'keep', page, card }).then(({ release }) => {
        if (!stopped && release && target.scriptURL === keptBy) root.dataset.offlineReady = release;
      });
    };
    // A new release's worker takes over while the page is open (decision 160): it keeps the pages again.
    const changed = () => keep(container.controller);
    container.addEventListener('controllerchange', changed);
    // The script's address names the release, so a new build is a new worker that replaces the last one.
    const release = (window as RemixWindow).__remixManifest?.version ?? 'dev';
    const register = () => {
      if (stopped) return;
      container
        .register(`/golfer-worker.js?v=${encodeURIComponent(release)}`, { scope: '/me' })
        .then((registration) => {
          // A new release's worker is on its way: the one in charge is leaving, so nothing is asked of it (work
          // given to it now holds the new one back, up to Chromium's five minutes where DevTools is attached:
          // decision 160). The new worker keeps the pages once it takes over ('controllerchange' above).
          if (registration.installing || registration.waiting) return;
          return container.ready.then((ready) => keep(container.controller ?? ready.active));
        })
        .catch(() => undefined); // No worker (a private window, an old browser): the pages work online as before.
    };
    // After the page's own load: on a slow line the worker's downloads must not compete with the page's.
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => {
      stopped = true;
      container.removeEventListener('controllerchange', changed);
      window.removeEventListener('load', register);
    };
  }, [card]);
  return keptAt;
}

/**
 * When the worker kept this page (ms), if the page is that copy, shown with no signal; null otherwise (and until
 * hydrated).
 */
export function useOfflineCopy(): number | null {
  const [keptAt, setKeptAt] = useState<number | null>(null);
  useEffect(() => {
    const value = document.documentElement.getAttribute(OFFLINE_COPY_ATTRIBUTE);
    if (value !== null) setKeptAt(Number(value) || 0);
  }, []);
  return keptAt;
}

/** Shown on a golfers' page the worker answered from its copy. */
export function OfflineCopyNotice({ keptAt }: { keptAt: number | null }) {
  return keptAt !== null ? <NoticeLine tone="warning">Offline: showing what this phone last saw</NoticeLine> : null;
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the browser to wake the worker when the signal returns, where it has Background Sync (Chrome on Android), so
 * the card's queue goes out even with the card closed. The page still sends it on 'online' itself.
 */
export function askForBackgroundSync(): void {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(SYNC_TAG))
    .catch(() => undefined);
}
