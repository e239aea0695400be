import { AlertCircle } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

export default function NotFoundPage() {
  return (
    <Card className="mt-6">
      <CardContent className="pt-6">
        <div className="mb-3 flex items-center gap-2">
          <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      </CardContent>
    </Card>
  );
}
