import { Link } from "wouter";
import { CalendarDays, ChevronRight, HandHeart, Mail, MoreHorizontal, UserPlus } from "lucide-react";
import { useChurch } from "@/lib/auth";
import { Card, CardContent } from "@/components/ui/card";
import { useI18n } from "@/lib/i18n";

/**
 * The Connect tab's cards (spec section 2): each opens one of the church's pages; 'Calendar of
 * Events' opens the app's own calendar (/calendar, decision 0109).
 */
export function ConnectCards() {
  const church = useChurch();
  const t = useI18n().m.connect;
  const cards = [
    // The church's external visitors form when it has one, else the app's own (/visitors).
    { label: t.visitors, hint: t.visitorsHint, href: church.links.visitorsForm ?? "/visitors", icon: UserPlus, inApp: !church.links.visitorsForm },
    { label: t.partner, hint: t.partnerHint, href: church.links.partner, icon: HandHeart },
    { label: t.calendar, hint: t.calendarHint, href: "/calendar", icon: CalendarDays, inApp: true },
    { label: t.contact, hint: t.contactHint, href: church.links.contact, icon: Mail },
    { label: t.more, hint: t.moreHint, href: church.links.more, icon: MoreHorizontal },
  ];
  return (
    <section aria-labelledby="connect-links-heading" className="grid gap-3">
      <h2 id="connect-links-heading" className="text-xl font-bold">
        {t.getConnected}
      </h2>
      {cards.map(({ label, hint, href, icon: Icon, inApp }) => {
        const card = (
          <Card className="transition-colors hover:bg-muted">
            <CardContent className="flex items-center gap-4 pt-5">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{label}</span>
                <span className="block text-sm text-muted-foreground">{hint}</span>
              </span>
              <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
            </CardContent>
          </Card>
        );
        return inApp ? (
          <Link key={label} href={href} className="block rounded-lg">
            {card}
          </Link>
        ) : (
          <a key={label} href={href} target="_blank" rel="noopener noreferrer" className="block rounded-lg">
            {card}
          </a>
        );
      })}
    </section>
  );
}
