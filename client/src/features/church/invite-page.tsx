import { ServiceTimesList, spacedTime } from "@/components/service-times-list";
import { useEffect, useState } from "react";
import { Clock, ExternalLink, Globe, MapPin, Share2, UserPlus } from "lucide-react";
import type { Church } from "@contract/church";
import { formatAddress, serviceTimesByDay } from "@contract/church-calendar";
import { useChurch } from "@/lib/auth";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";
import { weekdayName } from "@/lib/format";
import { messagesFor } from "@contract/i18n/messages";
import type { Locale } from "@contract/i18n/locales";

/** Invite screen loading delay (spec section 9). */
export const INVITE_DELAY_MS = 2000;

/** "8:00AM" -> "8:00 AM" for reading. */

/** The invite text: the church, its address and its service times, in the member's language. */
export function inviteText(church: Church, locale: Locale = "en") {
  const t = messagesFor(locale).invite;
  const times = serviceTimesByDay(church)
    .map(({ day, times }) => t.dayAt(locale === "en" ? day : weekdayName(day, locale), times.map(spacedTime).join(", ")))
    .join("; ");
  return t.text(church.name, formatAddress(church.address), times, church.links.website);
}

export default function InvitePage() {
  const church = useChurch();
  const { m, locale } = useI18n();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const id = setTimeout(() => setLoading(false), INVITE_DELAY_MS);
    return () => clearTimeout(id);
  }, []);

  async function share() {
    const text = inviteText(church, locale);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: m.invite.shareTitle(church.name), text });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
        // Sharing failed (not allowed here): fall back to the clipboard.
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: m.invite.copied });
    } catch {
      toast({ title: m.invite.errorTitle, description: m.invite.copyFailed, variant: "destructive" });
    }
  }

  return (
    <div className="grid gap-5">
      <div className="flex items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <UserPlus className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold">{m.invite.title}</h1>
          <p className="text-muted-foreground">{m.invite.welcome(church.name)}</p>
        </div>
      </div>
      {loading ? (
        <div role="status" aria-label={m.invite.loading} className="grid gap-4">
          <Skeleton className="h-40" />
          <Skeleton className="h-24" />
          <Skeleton className="h-12" />
        </div>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Clock className="size-5 text-primary" aria-hidden="true" /> {m.invite.serviceTimes}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ServiceTimesList church={church} format={spacedTime} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <MapPin className="size-5 text-primary" aria-hidden="true" /> {m.invite.location}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <address className="not-italic" data-testid="invite-address">
                {church.address.street}
                <br />
                {church.address.city}, {church.address.state} {church.address.zip}
              </address>
            </CardContent>
          </Card>
          <Button size="lg" onClick={() => void share()}>
            <Share2 aria-hidden="true" /> {m.invite.share}
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href={church.links.website} target="_blank" rel="noopener noreferrer">
              <Globe aria-hidden="true" /> {m.invite.website} <ExternalLink className="!size-4" aria-hidden="true" />
            </a>
          </Button>
        </>
      )}
    </div>
  );
}
