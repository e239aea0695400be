import { Link } from "wouter";
import { MapPin, PlayCircle, ChevronRight, CalendarClock } from "lucide-react";
import { formatAddress, nextService } from "@contract/church-calendar";
import { isStaff } from "@contract/roles";
import { useAuth, useChurch } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { LiveServicePanel } from "@/features/services/live-service";
import { useI18n } from "@/lib/i18n";
import { weekdayName } from "@/lib/format";
import { useLiveService } from "@/features/services/api";
import { UpcomingEventsCard } from "@/features/calendar/upcoming-events-card";

/** A church without service times yet: staff are sent to Admin → Church, members told they are coming. */
function NoServiceTimes() {
  const { m } = useI18n();
  const { user } = useAuth();
  const staff = isStaff(user?.role);
  return (
    <Card data-testid="no-service-times">
      <CardContent className="flex items-start gap-3 pt-5">
        <CalendarClock className="size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{m.home.nextService}</p>
          <p>{staff ? m.home.noServiceTimesStaff : m.home.noServiceTimes}</p>
          {(user?.role === "OWNER" || user?.role === "PASTOR") && (
            <Button asChild variant="outline" className="justify-self-start">
              <Link href="/admin?tab=church">{m.home.addServiceTimes}</Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function ServiceStatus() {
  const church = useChurch();
  const { m } = useI18n();
  const live = useLiveService();
  if (live.isPending) return <Spinner label={m.home.loadingLive} />;
  if (live.data?.service) return <LiveServicePanel service={live.data.service} />;
  const next = nextService(church, new Date());
  if (!next) return <NoServiceTimes />;
  const when = next.inDays === 0 ? m.time.today : next.inDays === 1 ? m.time.tomorrow : weekdayName(next.day);
  return (
    <Card>
      <CardContent className="flex items-center gap-3 pt-5">
        <CalendarClock className="size-6 text-primary" aria-hidden="true" />
        <div>
          <p className="text-sm text-muted-foreground">{m.home.nextService}</p>
          <p className="text-lg font-semibold">{m.home.nextAt(when, next.time)}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Home, the Sunday landing page (spec section 2). */
export default function HomePage() {
  const church = useChurch();
  const { m } = useI18n();
  return (
    <div className="grid gap-5">
      <section className="rounded-lg bg-gradient-to-br from-primary to-amber-900 p-6 text-white shadow-sm">
        <p className="text-sm font-medium uppercase tracking-wide opacity-90">{m.home.welcomeHome}</p>
        <h1 className="mt-1 text-3xl font-bold leading-tight">{church.name}</h1>
        <p className="mt-3 text-base leading-relaxed opacity-95">{church.mission}</p>
      </section>

      <ServiceStatus />

      <UpcomingEventsCard timeZone={church.timeZone} />

      <Link href="/visit-us" className="block rounded-lg">
        <Card className="transition-colors hover:bg-muted">
          <CardContent className="flex items-center gap-4 pt-5">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
              <MapPin className="size-6" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-lg font-semibold">{m.home.visitUs}</p>
              <p className="text-sm text-muted-foreground">{formatAddress(church.address)}</p>
            </div>
            <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
          </CardContent>
        </Card>
      </Link>

      <a href={church.links.liveStream} target="_blank" rel="noopener noreferrer" className="block rounded-lg">
        <Card className="transition-colors hover:bg-muted">
          <CardContent className="flex items-center gap-4 pt-5">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
              <PlayCircle className="size-6" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-lg font-semibold">{m.home.watchLive}</p>
              <p className="text-sm text-muted-foreground">{m.home.watchLiveHint}</p>
            </div>
            <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
          </CardContent>
        </Card>
      </a>
    </div>
  );
}
