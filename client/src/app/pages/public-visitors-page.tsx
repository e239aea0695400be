/**
 * /visitors before signing in: the first-time visitor card opens without an account (POST
 * /api/visitors is public), under the church's logo and name from GET /api/church/public, with
 * the way to sign in or join below it.
 */
import { Link } from "wouter";
import { usePublicChurch } from "@/features/auth/api";
import { VisitorsScreen } from "@/features/visitors/visitors-page";
import { Spinner } from "@/components/ui/spinner";
import { useI18n } from "@/lib/i18n";

export default function PublicVisitorsPage() {
  const { data: church, isPending } = usePublicChurch();
  const { m } = useI18n();
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col gap-6 px-4 py-8">
      <div className="flex items-center gap-3">
        <img src={church?.logoUrl ?? "/church-logo.svg"} alt="" width={48} height={48} className="size-12 rounded-full" />
        <p className="text-lg font-semibold text-muted-foreground">{church?.name ?? "\u00a0"}</p>
      </div>
      {isPending || !church ? <Spinner /> : <VisitorsScreen churchName={church.name} external={church.visitorsForm} />}
      <p className="text-center text-sm text-muted-foreground">
        {m.auth.haveAccount}{" "}
        <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
          {m.auth.signInLink}
        </Link>
      </p>
    </main>
  );
}
