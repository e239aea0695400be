import { AlertCircle } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { useI18n } from "@/lib/i18n";

export default function NotFoundPage() {
  const { m } = useI18n();
  return (
    <Card className="mt-6">
      <CardContent className="pt-6">
        <div className="mb-3 flex items-center gap-2">
          <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{m.notFound.title}</h1>
        </div>
        <p className="text-muted-foreground">{m.notFound.hint}</p>
      </CardContent>
    </Card>
  );
}
