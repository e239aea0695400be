import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { DropdownMenu } from "radix-ui";
import { Settings, User as UserIcon, LogOut, Home, HandHeart, UserPlus, HeartHandshake, Users } from "lucide-react";
import { isStaff } from "@contract/roles";
import { useAuth, useChurch } from "@/lib/auth";
import { cn } from "@/lib/utils";
import { useLiveEvents } from "@/lib/events";
import { refreshPushRegistration } from "@/lib/push";
import { NotificationsButton } from "@/features/notifications/notifications-inbox";
import { OfflineBanner } from "./offline-banner";
import { Avatar, initialsOf } from "@/components/avatar";
import { useI18n } from "@/lib/i18n";

const TABS = [
  { href: "/sunday", label: "home", icon: Home },
  { href: "/giving", label: "giving", icon: HandHeart },
  { href: "/invite", label: "invite", icon: UserPlus },
  { href: "/prayer", label: "prayer", icon: HeartHandshake },
  { href: "/connect", label: "connect", icon: Users },
] as const;

/** A tab is active when its path starts the current path; Home is also active on "/". */
export function isTabActive(tabHref: string, location: string) {
  return location.startsWith(tabHref) || (tabHref === "/sunday" && location === "/");
}

function Header() {
  const church = useChurch();
  const { user, logout } = useAuth();
  const [, navigate] = useLocation();
  const { m } = useI18n();
  const staff = isStaff(user?.role);
  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <OfflineBanner />
      <div className="flex h-16 items-center gap-3 px-4">
        <Link href="/" className="flex min-w-0 flex-1 items-center gap-3" aria-label={m.shell.homeLink(church.name)}>
          <img src={church.logoUrl} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full" />
          <span className="truncate text-lg font-bold">{church.name}</span>
        </Link>
        <NotificationsButton />
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            {/* The name holds the initials the avatar shows (WCAG 2.5.3, label in name): "Settings LT" (axe refuses it in brackets). */}
            <button
              type="button"
              aria-label={user ? `${m.shell.settings} ${initialsOf(user.firstName, user.lastName)}` : m.shell.settings}
              className="relative inline-flex size-11 items-center justify-center rounded-full hover:bg-muted"
            >
              {/* The member's avatar (photo or initials) opens Profile and sign-out. */}
              {user ? <Avatar user={user} className="size-9 text-sm" /> : <Settings className="size-5" aria-hidden="true" />}
              {staff && <span data-testid="staff-badge" aria-label={m.shell.staff} className="absolute right-2 top-2 size-2.5 rounded-full bg-primary ring-2 ring-card" />}
            </button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-44 rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg">
              <DropdownMenu.Item onSelect={() => navigate("/profile")} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 outline-none data-[highlighted]:bg-muted">
                <UserIcon className="size-4" aria-hidden="true" /> {m.shell.profile}
              </DropdownMenu.Item>
              <DropdownMenu.Item
                onSelect={async () => {
                  await logout();
                  navigate("/auth/login");
                }}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 outline-none data-[highlighted]:bg-muted"
              >
                <LogOut className="size-4" aria-hidden="true" /> {m.shell.logout}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
    </header>
  );
}

function BottomNav() {
  const [location] = useLocation();
  const { m } = useI18n();
  return (
    <nav aria-label={m.shell.mainNavigation} className="sticky bottom-0 z-40 print:hidden border-t border-border bg-card pb-[env(safe-area-inset-bottom)]">
      <ul className="grid grid-cols-5">
        {TABS.map(({ href, label, icon: Icon }) => {
          const active = isTabActive(href, location);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn("flex min-h-16 flex-col items-center justify-center gap-1 text-xs font-medium", active ? "text-primary" : "text-muted-foreground hover:text-foreground")}
              >
                <Icon className="size-6" aria-hidden="true" strokeWidth={active ? 2.5 : 2} />
                {m.shell[label]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The signed-in frame: phone-width column, sticky header, content, bottom tab bar. */
export function Shell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  useLiveEvents(user);
  // Spec section 9: re-register this device's push subscription when it is 7 days old or changed.
  const userId = user?.id;
  useEffect(() => {
    if (userId) refreshPushRegistration(userId).catch((err: unknown) => console.warn("push registration refresh failed", err));
  }, [userId]);
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col bg-background shadow-sm sm:border-x sm:border-border print:max-w-none print:border-0 print:shadow-none">
      <Header />
      <main className="min-w-0 flex-1 px-4 py-5">{children}</main>
      <BottomNav />
    </div>
  );
}
