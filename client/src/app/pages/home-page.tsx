import { Link } from "wouter";
import { MapPin, PlayCircle, ChevronRight, CalendarClock } from "lucide-react";
import { formatAddress, nextService } from "@contract/church-calendar";
import { useChurch } from "@/lib/auth";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { LiveServicePanel } from "@/features/services/live-service";
import { useI18n } from "@/lib/i18n";
import { weekdayName } from "@/lib/format";
import { useLiveService } from "@/features/services/api";
import { UpcomingEventsCard } from "@/features/calendar/upcoming-events-card";

function ServiceStatus() {
  const church = useChurch();
  const { m } = useI18n();
  const live = useLiveService();
  if (live.isPending) return <Spinner label={m.home.loadingLive} />;
  if (live.data?.service) return <LiveServicePanel service={live.data.service} />;
  const next = nextService(church, new Date());
  if (!next) return null;
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
