import { BookUser, ChevronRight } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { useI18n } from "@/lib/i18n";

/** Connect → Directory: the card that opens the member directory. */
export function DirectoryCard() {
  const t = useI18n().m.directory;
  return (
    <Link href="/connect/directory" className="block rounded-lg" data-testid="directory-card">
      <Card className="transition-colors hover:bg-muted">
        <CardContent className="flex items-center gap-4 pt-5">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
            <BookUser className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold">{t.title}</span>
            <span className="block text-sm text-muted-foreground">{t.cardHint}</span>
          </span>
          <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
        </CardContent>
      </Card>
    </Link>
  );
}
