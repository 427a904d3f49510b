import { Link, useNavigate } from '@remix-run/react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useId } from 'react';
import { cn } from '~/ui/cn';

/**
 * A dialog whose open state is the URL (?action=new, ?edit=ID, ?delete=ID): the page renders it when the
 * parameter is there, so it opens from a link, works without JavaScript (it is rendered in place, no portal),
 * and the back button closes it. Closing navigates to `closeTo`.
 */
export function UrlDialog({
  title,
  description,
  closeTo,
  children,
  className,
}: {
  title: string;
  description?: React.ReactNode;
  closeTo: string;
  children: React.ReactNode;
  className?: string;
}) {
  const navigate = useNavigate();
  // Radix links the title and description only once it runs in the browser; explicit ids name the dialog in the
  // server-rendered page too, so it is "Add New Golfer" to assistive technology with JavaScript off.
  const titleId = useId();
  const descriptionId = useId();
  // Radix hides everything outside the open dialog from assistive technology with aria-hidden, the
  // <link rel="modulepreload"> tags Remix's <Scripts/> puts in <body> too, where HTML forbids the attribute (a link is
  // never rendered, so it hides nothing). Radix's effect runs first (a child's effects run before its parent's).
  useEffect(() => {
    for (const link of document.body.querySelectorAll('link[aria-hidden]')) link.removeAttribute('aria-hidden');
  }, []);
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) navigate(closeTo, { preventScrollReset: true });
      }}
    >
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
      <RadixDialog.Content
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border bg-white p-6 shadow-xl focus:outline-none',
          className,
        )}
      >
        <RadixDialog.Title id={titleId} className="text-lg font-semibold">
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description id={descriptionId} className="mt-1 text-sm text-slate-600">
            {description}
          </RadixDialog.Description>
        ) : null}
        <div className="mt-4">{children}</div>
        <RadixDialog.Close asChild>
          <Link
            to={closeTo}
            preventScrollReset
            className="absolute right-3 top-3 rounded px-2 text-xl leading-none text-slate-500 hover:bg-slate-100"
            aria-label="Close"
            // Radix's Close gives its child type="button", which on a link is an invalid media type.
            type={undefined}
          >
            ×
          </Link>
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
}
