import { ServiceTimesList, spacedTime } from "@/components/service-times-list";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Car, Clock, Coffee, ExternalLink, Globe, Mail, MapPin, Music, Navigation, Phone, ClipboardList, Baby, Shirt } from "lucide-react";
import { formatAddress } from "@contract/church-calendar";
import { useChurch } from "@/lib/auth";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";


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
  { icon: Coffee, title: "welcomeTitle", text: "welcomeText" },
  { icon: Music, title: "worshipTitle", text: "worshipText" },
  { icon: Baby, title: "kidsTitle", text: "kidsText" },
  { icon: Shirt, title: "comeTitle", text: "comeText" },
] as const;

export default function VisitUsPage() {
  const church = useChurch();
  const t = useI18n().m.visitUs;
  const address = formatAddress(church.address);
  const visitorForm = church.links.visitorsForm;
  return (
    <div className="grid gap-5">
      <section className="overflow-hidden rounded-lg bg-primary p-6 text-primary-foreground shadow-sm">
        <img src={church.logoUrl} alt="" width={56} height={56} className="mb-3 size-14 rounded-full bg-white/20" />
        <h1 className="text-3xl font-bold leading-tight">{t.title}</h1>
        <p className="mt-1 text-lg">{church.name}</p>
      </section>

      <Card>
        <CardContent className="grid gap-2 pt-5">
          <h2 className="text-xl font-semibold">{t.loveToMeet}</h2>
          <p className="text-muted-foreground">{church.mission}</p>
          <p className="text-muted-foreground">{t.welcome}</p>
        </CardContent>
      </Card>

      <Section icon={Clock} title={t.serviceTimes}>
        <ServiceTimesList church={church} format={spacedTime} />
        <p className="mt-3 text-sm text-muted-foreground">{t.lasts(church.serviceLengthMinutes)}</p>
      </Section>

      <Section icon={MapPin} title={t.location}>
        <address className="not-italic">{address}</address>
        <Button asChild variant="outline" className="mt-3 w-full">
          <a href={church.links.directions} target="_blank" rel="noopener noreferrer">
            <Navigation aria-hidden="true" /> {t.directions}
          </a>
        </Button>
      </Section>

      <Section icon={Car} title={t.parking}>
        <p className="text-muted-foreground">
          {t.parkingText}
        </p>
      </Section>

      <Section icon={ClipboardList} title={t.expect}>
        <ul className="grid gap-4">
          {EXPECT.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-medium">{t[title]}</p>
                <p className="text-sm text-muted-foreground">{t[text]}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <div className="grid grid-cols-2 gap-3">
        {church.phone && (
          <Button asChild variant="outline">
            <a href={`tel:${church.phone.replace(/[^\d+]/g, "")}`}>
              <Phone aria-hidden="true" /> {t.call}
            </a>
          </Button>
        )}
        {church.email && (
          <Button asChild variant="outline">
            <a href={`mailto:${church.email}`}>
              <Mail aria-hidden="true" /> {t.email}
            </a>
          </Button>
        )}
      </div>
      <Button asChild size="lg">
        {visitorForm ? (
          <a href={visitorForm} target="_blank" rel="noopener noreferrer">
            <ClipboardList aria-hidden="true" /> {t.visitorForm}
          </a>
        ) : (
          <Link href="/visitors">
            <ClipboardList aria-hidden="true" /> {t.visitorForm}
          </Link>
        )}
      </Button>
      <Button asChild size="lg" variant="outline">
        <a href={church.links.website} target="_blank" rel="noopener noreferrer">
          <Globe aria-hidden="true" /> {t.website} <ExternalLink className="!size-4" aria-hidden="true" />
        </a>
      </Button>
    </div>
  );
}
