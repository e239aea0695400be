import { ServiceTimesList, spacedTime } from "@/components/service-times-list";
import { useEffect, useState } from "react";
import { Clock, ExternalLink, Globe, MapPin, Share2, UserPlus } from "lucide-react";
import { formatAddress, serviceTimesByDay, type Church } from "@contract/church";
import { useChurch } from "@/lib/auth";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";

/** Invite screen loading delay (spec section 9). */
export const INVITE_DELAY_MS = 2000;

/** "8:00AM" -> "8:00 AM" for reading. */

/** The invite text: the church, its address and its service times. */
export function inviteText(church: Church) {
  const times = serviceTimesByDay(church)
    .map(({ day, times }) => `${day} at ${times.map(spacedTime).join(", ")}`)
    .join("; ");
  return `Join me at ${church.name}! We meet at ${formatAddress(church.address)}. Service times: ${times}. ${church.links.website}`;
}

export default function InvitePage() {
  const church = useChurch();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const id = setTimeout(() => setLoading(false), INVITE_DELAY_MS);
    return () => clearTimeout(id);
  }, []);

  async function share() {
    const text = inviteText(church);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: `Join me at ${church.name}`, text });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
        // Sharing failed (not allowed here): fall back to the clipboard.
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: "Copied to clipboard" });
    } catch {
      toast({ title: "Error", description: "Could not copy the invitation", variant: "destructive" });
    }
  }

  return (
    <div className="grid gap-5">
      <div className="flex items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <UserPlus className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold">Invite a friend</h1>
          <p className="text-muted-foreground">Everyone is welcome at {church.name}.</p>
        </div>
      </div>
      {loading ? (
        <div role="status" aria-label="Loading" className="grid gap-4">
          <Skeleton className="h-40" />
          <Skeleton className="h-24" />
          <Skeleton className="h-12" />
        </div>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Clock className="size-5 text-primary" aria-hidden="true" /> Service times
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ServiceTimesList church={church} format={spacedTime} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <MapPin className="size-5 text-primary" aria-hidden="true" /> Location
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
            <Share2 aria-hidden="true" /> Share Invitation
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href={church.links.website} target="_blank" rel="noopener noreferrer">
              <Globe aria-hidden="true" /> Visit Our Website <ExternalLink className="!size-4" aria-hidden="true" />
            </a>
          </Button>
        </>
      )}
    </div>
  );
}
