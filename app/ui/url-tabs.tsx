import { Link } from '@remix-run/react';
import { cn } from '~/ui/cn';

export type UrlTab = { id: string; label: React.ReactNode; to: string };

/**
 * Tabs whose selection is the URL (?tab=…): each tab is a link, so they work without JavaScript, survive a reload
 * and can be shared. The panel is rendered by the page for the selected tab.
 */
export function UrlTabs({
  tabs,
  selected,
  label,
  children,
}: {
  tabs: UrlTab[];
  selected: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <Link
              key={tab.id}
              to={tab.to}
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`panel-${tab.id}`}
              replace
              preventScrollReset
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-700',
                active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id={`panel-${selected}`} aria-labelledby={`tab-${selected}`} className="mt-4">
        {children}
      </div>
    </div>
  );
}
