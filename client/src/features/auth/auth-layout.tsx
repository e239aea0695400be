import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { usePublicChurch } from "./api";

/** The frame of the signed-out screens: church logo and name over one card. */
export function AuthLayout({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const { data: church } = usePublicChurch();
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col justify-center gap-6 px-4 py-10">
      <div className="flex flex-col items-center gap-3 text-center">
        <img src={church?.logoUrl ?? "/church-logo.svg"} alt="" width={72} height={72} className="size-18 rounded-full" />
        <p className="text-lg font-semibold text-muted-foreground">{church?.name ?? "\u00a0"}</p>
      </div>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">
            <span role="heading" aria-level={1}>
              {title}
            </span>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}
