import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { lazyResolver, useLazyResolver } from "@/lib/lazy-resolver";
import { errorText } from "@/lib/api";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { AuthLayout } from "./auth-layout";
import { useForgotPassword } from "./api";
import { tr, useI18n } from "@/lib/i18n";

const resolver = lazyResolver<{ email: string }>(() => import("./auth-resolvers").then((r) => r.forgotPasswordResolver));

export default function ForgotPasswordPage() {
  const { m } = useI18n();
  const form = useForm<{ email: string }>({ resolver: useLazyResolver(resolver), defaultValues: { email: "" } });
  const request = useForgotPassword({
    onError: (err) => toast({ title: m.common.somethingWrong, description: errorText(err) || m.common.tryAgain, variant: "destructive" }),
  });
  const { errors } = form.formState;
  return (
    <AuthLayout title={m.auth.forgotPassword} description={m.auth.forgotDescription}>
      {request.data ? (
        <div className="grid gap-4 text-center">
          <p role="status">{tr(request.data.message)}</p>
          <Link href="/auth/login" className="font-semibold text-primary">
            {m.auth.backToSignIn}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((d) => request.mutate(d))} className="grid gap-4">
          <FormField id="email" label={m.common.email} error={errors.email?.message}>
            <Input id="email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register("email")} />
          </FormField>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? m.common.sending : m.auth.sendResetLink}
          </Button>
          <Link href="/auth/login" className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-primary">
            {m.auth.backToSignIn}
          </Link>
        </form>
      )}
    </AuthLayout>
  );
}
