import { cn } from '~/ui/cn';

const tones = {
  error: 'border-red-300 bg-red-50 text-red-800',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
} as const;
type Tone = keyof typeof tones;

const frame = 'rounded-md border p-3 text-sm';
const roleOf = (tone: Tone) => (tone === 'error' ? 'alert' : 'status');

/**
 * A titled message in the page itself (a failed registration, a taken tee time, test-mode payments), so it
 * shows with JavaScript off too. Errors are announced (role=alert), the rest politely (role=status).
 */
export function Notice({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: Tone;
  title: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div role={roleOf(tone)} className={cn(frame, tones[tone], className)}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}

/** A message of one line, without a title (a refused score, a closed card): a Notice's tone and role in a `<p>`. */
export function NoticeLine({ tone = 'info', children }: { tone?: Tone; children: React.ReactNode }) {
  return (
    <p role={roleOf(tone)} className={cn(frame, tones[tone])}>
      {children}
    </p>
  );
}
