import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { Toast } from '~/schemas/toast';
import { cn } from '~/ui/cn';
import { useHydrated } from '~/ui/use-hydrated';

const tone = {
  success: 'border-emerald-200 bg-white text-slate-900',
  error: 'border-red-300 bg-red-600 text-white',
} as const;

/** Bottom right, above the admin bottom bar on phones. */
const position = 'fixed bottom-20 right-4 z-50 w-[min(24rem,calc(100vw-2rem))] md:bottom-4';

/** How long a toast stays before closing itself (paused while the pointer or focus is on it). */
const DURATION_MS = 5000;

const ShowToastContext = createContext<(toast: Toast) => void>(() => {});

/** Shows a toast from the browser (e.g. after copying); it replaces whatever toast is showing. */
export function useShowToast(): (toast: Toast) => void {
  return useContext(ShowToastContext);
}

/**
 * The one place toasts appear, at most one at a time: the server's flash toast (after a redirect) or the latest
 * toast a page showed with useShowToast(). The same markup with or without JavaScript (so hydrating moves nothing);
 * without JavaScript nothing closes it, so clicks pass through it and it fades away by itself (CSS only); with
 * JavaScript it has a Close button and closes itself after five seconds. A few lines instead of a toast library, which
 * every public page would otherwise download (docs/decisions/061-javascript-budgets.md).
 */
export function ToastProvider({ serverToast, children }: { serverToast: Toast | null; children: React.ReactNode }) {
  const hydrated = useHydrated();
  // `id` changes with every new toast, so the same text shown twice opens again (and restarts its timer).
  const [shown, setShown] = useState<{ toast: Toast; id: number } | null>(
    serverToast ? { toast: serverToast, id: 0 } : null,
  );
  // The toast the pointer or focus is on (a new toast is never paused by an old one's hover).
  const [pausedId, setPausedId] = useState<number | null>(null);
  const paused = shown !== null && pausedId === shown.id;
  useEffect(() => {
    if (serverToast) setShown((prev) => ({ toast: serverToast, id: (prev?.id ?? 0) + 1 }));
  }, [serverToast]);
  useEffect(() => {
    if (!shown || paused) return;
    const timer = setTimeout(() => setShown(null), DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown, paused]);
  const show = useCallback((toast: Toast) => setShown((prev) => ({ toast, id: (prev?.id ?? 0) + 1 })), []);

  const toast = shown?.toast;
  return (
    <ShowToastContext.Provider value={show}>
      {children}
      {/* Always in the page, so screen readers announce what appears in it. */}
      <div
        aria-live="polite"
        className={cn(
          position,
          // A toast is never printed (the tee sheet: docs/product/availability-and-subs.md).
          'flex flex-col gap-2 print:hidden',
          hydrated ? 'pointer-events-none' : 'toast-fade pointer-events-none',
        )}
      >
        {toast ? (
          <div
            key={shown.id}
            role={toast.type === 'error' ? 'alert' : 'status'}
            className={cn(
              'relative rounded-lg border p-4 shadow-lg',
              hydrated && 'pointer-events-auto pr-8',
              tone[toast.type],
            )}
            onPointerEnter={() => setPausedId(shown.id)}
            onPointerLeave={() => setPausedId(null)}
            onFocus={() => setPausedId(shown.id)}
            onBlur={() => setPausedId(null)}
          >
            <p className="font-semibold">{toast.title}</p>
            {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
            {hydrated ? (
              <button
                type="button"
                aria-label="Close"
                className="absolute right-2 top-2 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
                onClick={() => setShown(null)}
              >
                ×
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </ShowToastContext.Provider>
  );
}
