import { Form, NavLink, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { SignOutEverywhereButton } from '~/ui/sign-out-everywhere';
import { Icon, type IconName } from '~/ui/primitives/icon';
import { cn } from '~/ui/cn';

type NavItem = { to: string; label: string; icon: IconName };

/** Each page of the menus, once: the sidebar's two lists and the phone's More menu share them. */
const PAGES = {
  golfers: { to: '/golfers', label: 'Golfers', icon: 'users' },
  rounds: { to: '/rounds', label: 'Rounds', icon: 'flag' },
  scores: { to: '/scores', label: 'Game Night', icon: 'flag' },
  money: { to: '/money', label: 'Money', icon: 'card' },
  flights: { to: '/flights', label: 'Flights', icon: 'trophy' },
  memberships: { to: '/memberships', label: 'Memberships', icon: 'card' },
  courses: { to: '/courses', label: 'Courses', icon: 'map' },
  teeTimes: { to: '/tee-times', label: 'Tee Times', icon: 'clock' },
  emailList: { to: '/email-list', label: 'Email List', icon: 'mail' },
  outbox: { to: '/outbox', label: 'Outbox', icon: 'mail' },
  automation: { to: '/automation', label: 'Automation', icon: 'clock' },
  importData: { to: '/import', label: 'Import Data', icon: 'upload' },
  seasons: { to: '/seasons', label: 'Seasons', icon: 'calendar' },
  settings: { to: '/settings', label: 'Settings', icon: 'cog' },
  rules: { to: '/rules', label: 'League Rules', icon: 'book' },
  schedule: { to: '/schedule', label: 'Schedule', icon: 'calendar' },
} satisfies Record<string, NavItem>;

const { golfers, rounds, flights, memberships, courses, teeTimes } = PAGES;
const { emailList, outbox, automation, importData, seasons, settings, rules, schedule, scores } = PAGES;
const { money } = PAGES;
const mainNav: NavItem[] = [golfers, rounds, flights, memberships, courses, teeTimes];
const adminNav: NavItem[] = [scores, money, emailList, outbox, automation, importData, seasons, settings];
const moreNav: NavItem[] = [scores, flights, memberships, courses, rules, schedule, importData];

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-emerald-100 text-emerald-900' : 'text-slate-700 hover:bg-slate-100',
  );
}

function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <button
        type="submit"
        className={cn(
          'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100',
          className,
        )}
      >
        <Icon name="logout" /> Logout
      </button>
    </Form>
  );
}

/** A titled group of the side menu: its pages' links, then `children` (more list items). */
function NavGroup({ title, items, children }: { title: string; items: NavItem[]; children?: ReactNode }) {
  return (
    <div>
      <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      <ul className="mt-2 space-y-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={navClass}>
              <Icon name={item.icon} /> {item.label}
            </NavLink>
          </li>
        ))}
        {children}
      </ul>
    </div>
  );
}

function SideMenu() {
  return (
    <nav aria-label="Admin menu" className="space-y-6">
      <div>
        <NavLink to="/" end className={navClass}>
          <Icon name="home" /> Dashboard
        </NavLink>
      </div>
      <NavGroup title="Main" items={mainNav} />
      <NavGroup title="Admin" items={adminNav}>
        <li>
          <LogoutButton />
        </li>
        <li>
          <SignOutEverywhereButton className="flex w-full items-center gap-3 rounded-md px-3 py-2 pl-10 text-left text-sm text-slate-600 hover:bg-slate-100" />
        </li>
      </NavGroup>
    </nav>
  );
}

/**
 * Shown to administrators while SESSION_SECRET is unset (docs/product/accounts.md#secure-cookies): what to set
 * before real use.
 */
function DemoModeNotice({ missing }: { missing: string[] }) {
  const names = missing.map((name, i) => (
    <span key={name}>
      {i === 0 ? null : i === missing.length - 1 ? ' and ' : ', '}
      <code className="font-mono">{name}</code>
    </span>
  ));
  return (
    <div
      role="note"
      aria-label="Demo mode"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <strong>Demo mode.</strong> Before real use, set {names} (see the README). Until <code>SESSION_SECRET</code> is
      set, sign-in cookies are signed with a secret made for this demo.
    </div>
  );
}

/**
 * The signed-in frame: header, side menu on desktop, hamburger menu and bottom bar on mobile. The mobile menus
 * are <details> elements so they open without JavaScript.
 */
export function AdminShell({
  leagueName,
  user,
  demoMode,
  children,
}: {
  leagueName: string;
  user: { firstName: string; lastName: string };
  /** For administrators while SESSION_SECRET is unset: the variables to set before real use. */
  demoMode?: string[] | null;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  // The mobile menus are <details>: with JavaScript a link inside them navigates without a page load, so they are
  // closed on every navigation (without JavaScript the new page starts with them closed).
  const menu = useRef<HTMLDetailsElement>(null);
  const more = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    menu.current?.removeAttribute('open');
    more.current?.removeAttribute('open');
  }, [location.key]);
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <div className="min-h-screen pb-16 md:pb-0">
      {navigation.state === 'loading' ? (
        <div
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-emerald-600"
          role="progressbar"
          aria-label="Loading"
        />
      ) : null}
      <header className="sticky top-0 z-30 border-b bg-white">
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <details ref={menu} className="group md:hidden">
              <summary
                className="flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded-md border text-xl"
                aria-label="Open menu"
              >
                <Icon name="menu" />
              </summary>
              {/* Placed against the sticky header, so it starts below it however tall a long league name makes it. */}
              <div className="absolute inset-x-0 top-full z-40 h-[calc(100dvh-100%)] overflow-y-auto border-t bg-white p-4 shadow-lg">
                <SideMenu />
              </div>
            </details>
            <div>
              <p className="text-base font-bold leading-tight text-emerald-800 sm:text-lg">{leagueName}</p>
              <p className="text-xs text-slate-500">Admin Dashboard</p>
            </div>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-xs text-slate-700 sm:text-sm">Welcome, {user.firstName}</span>
            <span
              role="img"
              className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-sm font-semibold text-white"
              aria-label={`Signed in as ${user.firstName} ${user.lastName}`}
              title={`${user.firstName} ${user.lastName}`}
            >
              {initials}
            </span>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="whitespace-nowrap rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
                aria-label="Log out"
              >
                Log out
              </button>
            </Form>
          </div>
        </div>
      </header>
      {demoMode ? <DemoModeNotice missing={demoMode} /> : null}
      <div className="flex">
        <aside className="sticky top-[61px] hidden h-[calc(100vh-61px)] w-60 shrink-0 overflow-y-auto border-r bg-white p-4 md:block">
          <SideMenu />
        </aside>
        <main className="min-w-0 flex-1 p-4 md:p-8">{children}</main>
      </div>
      <nav
        aria-label="Mobile"
        className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-4 border-t bg-white text-xs md:hidden"
      >
        <NavLink
          to="/"
          end
          className={({ isActive }) => cn('flex flex-col items-center py-2', isActive && 'text-emerald-700')}
        >
          <Icon name="home" /> Dashboard
        </NavLink>
        <NavLink
          to="/golfers"
          className={({ isActive }) => cn('flex flex-col items-center py-2', isActive && 'text-emerald-700')}
        >
          <Icon name="users" /> Golfers
        </NavLink>
        <NavLink
          to="/rounds"
          className={({ isActive }) => cn('flex flex-col items-center py-2', isActive && 'text-emerald-700')}
        >
          <Icon name="flag" /> Rounds
        </NavLink>
        <details ref={more} className="relative">
          <summary className="flex cursor-pointer list-none flex-col items-center py-2">
            <Icon name="more" /> More
          </summary>
          <div className="fixed inset-x-0 bottom-14 rounded-t-xl border-t bg-white p-4 shadow-2xl">
            <ul className="grid grid-cols-2 gap-2">
              {moreNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navClass}>
                    <Icon name={item.icon} /> {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        </details>
      </nav>
    </div>
  );
}
