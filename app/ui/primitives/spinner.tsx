import { cn } from '~/ui/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        className="h-5 w-5 animate-spin rounded-full border-2 border-emerald-700 border-t-transparent"
        aria-hidden
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
