import { Toast as RadixToast } from 'radix-ui';
import { useEffect, useState } from 'react';
import type { Toast } from '~/utils/session.server';
import { cn } from '~/utils/cn';
import { useHydrated } from '~/utils/use-hydrated';

const tone = {
  success: 'border-emerald-200 bg-white text-slate-900',
  error: 'border-red-300 bg-red-600 text-white',
} as const;

/**
 * Shows the server's flash toast, one at a time. Without JavaScript it is plain markup in the page; with
 * JavaScript it is a radix Toast that closes itself.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [current, setCurrent] = useState<Toast | null>(toast);
  useEffect(() => setCurrent(toast), [toast]);

  if (!hydrated) {
    if (!toast) return null;
    // Without JavaScript nothing closes it, so clicks pass through to whatever it covers (the last rows' buttons).
    return (
      <div className="pointer-events-none fixed bottom-4 right-4 z-50 w-[min(24rem,calc(100vw-2rem))]">
        <div role={toast.type === 'error' ? 'alert' : 'status'} className={cn('rounded-lg border p-4 shadow-lg', tone[toast.type])}>
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        </div>
      </div>
    );
  }

  return (
    <RadixToast.Provider swipeDirection="right" duration={5000}>
      {current ? (
        <RadixToast.Root
          key={`${current.title}-${current.description ?? ''}-${Math.random()}`}
          defaultOpen
          onOpenChange={(open) => (open ? undefined : setCurrent(null))}
          type={current.type === 'error' ? 'foreground' : 'background'}
          className={cn('relative rounded-lg border p-4 pr-8 shadow-lg', tone[current.type])}
        >
          <RadixToast.Title className="font-semibold">{current.title}</RadixToast.Title>
          {current.description ? (
            <RadixToast.Description className="mt-1 text-sm opacity-90">{current.description}</RadixToast.Description>
          ) : null}
          <RadixToast.Close aria-label="Close" className="absolute right-2 top-2 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ) : null}
      <RadixToast.Viewport className="fixed bottom-4 right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none" />
    </RadixToast.Provider>
  );
}
