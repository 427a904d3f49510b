import { Toast as RadixToast } from 'radix-ui';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { Toast } from '~/utils/session.server';
import { cn } from '~/utils/cn';
import { useHydrated } from '~/utils/use-hydrated';

const tone = {
  success: 'border-emerald-200 bg-white text-slate-900',
  error: 'border-red-300 bg-red-600 text-white',
} as const;

/** Bottom right, above the admin bottom bar on phones. */
const position = 'fixed bottom-20 right-4 z-50 w-[min(24rem,calc(100vw-2rem))] md:bottom-4';

const ShowToastContext = createContext<(toast: Toast) => void>(() => {});

/** Shows a toast from the browser (e.g. after copying); it replaces whatever toast is showing. */
export function useShowToast(): (toast: Toast) => void {
  return useContext(ShowToastContext);
}

/**
 * The one place toasts appear, at most one at a time: the server's flash toast (after a redirect) or the latest
 * toast a page showed with useShowToast(). Without JavaScript it is plain markup in the page; with JavaScript
 * it is a radix Toast that closes itself.
 */
export function ToastProvider({ serverToast, children }: { serverToast: Toast | null; children: React.ReactNode }) {
  const hydrated = useHydrated();
  // `id` changes with every new toast, so the same text shown twice opens again.
  const [shown, setShown] = useState<{ toast: Toast; id: number } | null>(
    serverToast ? { toast: serverToast, id: 0 } : null,
  );
  useEffect(() => {
    if (serverToast) setShown((prev) => ({ toast: serverToast, id: (prev?.id ?? 0) + 1 }));
  }, [serverToast]);
  const show = useCallback((toast: Toast) => setShown((prev) => ({ toast, id: (prev?.id ?? 0) + 1 })), []);

  return (
    <ShowToastContext.Provider value={show}>
      {children}
      {hydrated ? (
        <RadixToast.Provider swipeDirection="right" duration={5000}>
          {shown ? (
            <RadixToast.Root
              key={shown.id}
              defaultOpen
              onOpenChange={(open) => (open ? undefined : setShown(null))}
              type={shown.toast.type === 'error' ? 'foreground' : 'background'}
              className={cn('relative rounded-lg border p-4 pr-8 shadow-lg', tone[shown.toast.type])}
            >
              <RadixToast.Title className="font-semibold">{shown.toast.title}</RadixToast.Title>
              {shown.toast.description ? (
                <RadixToast.Description className="mt-1 text-sm opacity-90">
                  {shown.toast.description}
                </RadixToast.Description>
              ) : null}
              <RadixToast.Close
                aria-label="Close"
                className="absolute right-2 top-2 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
              >
                ×
              </RadixToast.Close>
            </RadixToast.Root>
          ) : null}
          <RadixToast.Viewport className={cn(position, 'flex flex-col gap-2 outline-none')} />
        </RadixToast.Provider>
      ) : serverToast ? (
        // Without JavaScript nothing closes it, so clicks pass through to whatever it covers (the last rows' buttons),
        // and it fades away by itself after a while (CSS only).
        <div className={cn(position, 'toast-fade pointer-events-none')}>
          <div
            role={serverToast.type === 'error' ? 'alert' : 'status'}
            className={cn('rounded-lg border p-4 shadow-lg', tone[serverToast.type])}
          >
            <p className="font-semibold">{serverToast.title}</p>
            {serverToast.description ? <p className="mt-1 text-sm opacity-90">{serverToast.description}</p> : null}
          </div>
        </div>
      ) : null}
    </ShowToastContext.Provider>
  );
}
