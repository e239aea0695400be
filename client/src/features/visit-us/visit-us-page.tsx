import { ServiceTimesList, spacedTime } from "@/components/service-times-list";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Car, Clock, Coffee, ExternalLink, Globe, Mail, MapPin, Music, Navigation, Phone, ClipboardList, Baby, Shirt } from "lucide-react";
import { formatAddress } from "@contract/church";
import { useChurch } from "@/lib/auth";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";


function Section({ icon: Icon, title, children }: { icon: typeof Clock; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-primary" aria-hidden="true" /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const EXPECT = [
  { icon: Coffee, title: "A warm welcome", text: "Greeters at the door, coffee in the lobby and someone to help you find a seat." },
  { icon: Music, title: "Worship and a message", text: "Contemporary worship, then a practical, Bible-based message." },
  { icon: Baby, title: "Kids and students", text: "Safe, fun classes for children from nursery through 5th grade during every Sunday service." },
  { icon: Shirt, title: "Come as you are", text: "No dress code: jeans or a suit, you'll fit right in." },
];

export default function VisitUsPage() {
  const church = useChurch();
  const address = formatAddress(church.address);
  const visitorForm = church.links.visitorsForm;
  return (
    <div className="grid gap-5">
      <section className="overflow-hidden rounded-lg bg-primary p-6 text-primary-foreground shadow-sm">
        <img src={church.logoUrl} alt="" width={56} height={56} className="mb-3 size-14 rounded-full bg-white/20" />
        <h1 className="text-3xl font-bold leading-tight">Plan your visit</h1>
        <p className="mt-1 text-lg">{church.name}</p>
      </section>

      <Card>
        <CardContent className="grid gap-2 pt-5">
          <h2 className="text-xl font-semibold">We&apos;d love to meet you</h2>
          <p className="text-muted-foreground">{church.mission}</p>
          <p className="text-muted-foreground">Whether you&apos;re exploring faith or looking for a church home, you are welcome here.</p>
        </CardContent>
      </Card>

      <Section icon={Clock} title="Service times">
        <ServiceTimesList church={church} format={spacedTime} />
        <p className="mt-3 text-sm text-muted-foreground">Services last about {church.serviceLengthMinutes} minutes.</p>
      </Section>

      <Section icon={MapPin} title="Location">
        <address className="not-italic">{address}</address>
        <Button asChild variant="outline" className="mt-3 w-full">
          <a href={church.links.directions} target="_blank" rel="noopener noreferrer">
            <Navigation aria-hidden="true" /> Get Directions
          </a>
        </Button>
      </Section>

      <Section icon={Car} title="Parking">
        <p className="text-muted-foreground">
          Free parking is available on site. Look for the reserved first-time guest spaces near the main entrance, and a team member will point you to the doors.
        </p>
      </Section>

      <Section icon={ClipboardList} title="What to expect">
        <ul className="grid gap-4">
          {EXPECT.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-medium">{title}</p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <div className="grid grid-cols-2 gap-3">
        {church.phone && (
          <Button asChild variant="outline">
            <a href={`tel:${church.phone.replace(/[^\d+]/g, "")}`}>
              <Phone aria-hidden="true" /> Call Us
            </a>
          </Button>
        )}
        {church.email && (
          <Button asChild variant="outline">
            <a href={`mailto:${church.email}`}>
              <Mail aria-hidden="true" /> Email Us
            </a>
          </Button>
        )}
      </div>
      <Button asChild size="lg">
        {visitorForm ? (
          <a href={visitorForm} target="_blank" rel="noopener noreferrer">
            <ClipboardList aria-hidden="true" /> First-Time Visitor Form
          </a>
        ) : (
          <Link href="/visitors">
            <ClipboardList aria-hidden="true" /> First-Time Visitor Form
          </Link>
        )}
      </Button>
      <Button asChild size="lg" variant="outline">
        <a href={church.links.website} target="_blank" rel="noopener noreferrer">
          <Globe aria-hidden="true" /> Visit Our Website <ExternalLink className="!size-4" aria-hidden="true" />
        </a>
      </Button>
    </div>
  );
}
