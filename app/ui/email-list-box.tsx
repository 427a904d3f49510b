import { useEffect, useRef, useState } from 'react';
import { Button } from '~/ui/primitives/button';
import { inputClass } from '~/ui/primitives/field';
import type { Toast } from '~/schemas/toast';
import { cn } from '~/ui/cn';
import { useHydrated } from '~/ui/use-hydrated';

/** How long the button reads 'Copied' (docs/product/limits.md#timings). */
const COPIED_MS = 2_000;

const COPIED_TOAST: Toast = { type: 'success', title: 'Copied to clipboard' };
const COPY_FAILED_TOAST: Toast = {
  type: 'error',
  title: 'Failed to copy',
  description: 'Could not copy to clipboard. Please try again.',
};

/**
 * One list in a read-only box (selectable and copyable by hand without JavaScript) with, once JavaScript runs, a
 * Copy button that reads 'Copied' for two seconds.
 */
export function EmailListBox({
  id,
  label,
  text,
  onToast,
}: {
  id: string;
  label: string;
  text: string;
  onToast: (toast: Toast) => void;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    // A different list (another tab) starts with a fresh button.
    clearTimeout(timer.current);
    setCopied(false);
  }, [text]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      onToast({ ...COPIED_TOAST });
    } catch {
      onToast({ ...COPY_FAILED_TOAST });
    }
  }

  const lines = text ? text.split('\n').length : 0;
  return (
    <div className="space-y-3">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        value={text}
        placeholder="No email addresses found."
        rows={Math.min(Math.max(lines, 4), 18)}
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
        className={cn(inputClass, 'max-h-[400px] resize-y overflow-y-auto bg-slate-50 font-mono text-xs')}
      />
      {hydrated ? (
        <Button type="button" variant="secondary" onClick={copy} disabled={!text} aria-live="polite">
          {copied ? 'Copied' : 'Copy'}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">
          Select the addresses in the box and copy them (Ctrl+C, or ⌘C on a Mac).
        </p>
      )}
    </div>
  );
}
