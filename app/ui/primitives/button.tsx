import { forwardRef } from 'react';
import { cn } from '~/ui/cn';

const variants = {
  primary: 'bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-slate-500',
  destructive: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-slate-700 hover:bg-slate-100 focus-visible:outline-slate-500',
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = 'primary', size: 'md' | 'sm' | 'icon' = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    size === 'md' && 'px-4 py-2',
    size === 'sm' && 'px-2.5 py-1.5',
    size === 'icon' && 'h-9 w-9',
    variants[variant],
  );
}

type Props = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: 'md' | 'sm' | 'icon' };

export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  { variant, size, className, type, ...props },
  ref,
) {
  return <button ref={ref} type={type ?? 'button'} className={cn(buttonClass(variant, size), className)} {...props} />;
});
