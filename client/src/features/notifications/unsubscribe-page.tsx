import { useState } from "react";
import { useSearch } from "wouter";
import { API } from "@contract/api-paths";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { apiJson } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { useApiMutation } from "@/lib/mutation";

/**
 * The landing page of a news email's unsubscribe link (decision 0118), signed in or not. Opening
 * it changes nothing (mail scanners follow links): the button POSTs the token.
 */
export default function UnsubscribePage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { m } = useI18n();
  const t = m.directory;
  const [done, setDone] = useState(false);
  const unsubscribe = useApiMutation(() => apiJson<{ message: string }>("POST", API.email.unsubscribe(), { token }), {
    onSuccess: () => setDone(true),
    onError: () => toast({ title: m.common.somethingWrong, description: m.common.tryAgain, variant: "destructive" }),
  });
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col justify-center px-4 py-10">
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">
            <span role="heading" aria-level={1}>
              {t.unsubscribeTitle}
            </span>
          </CardTitle>
          <CardDescription>{!token ? t.unsubscribeMissing : done ? t.unsubscribeDone : t.unsubscribeBody}</CardDescription>
        </CardHeader>
        {token && !done && (
          <CardContent>
            <Button className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              {unsubscribe.isPending ? m.common.saving : t.unsubscribeButton}
            </Button>
          </CardContent>
        )}
      </Card>
    </main>
  );
}
