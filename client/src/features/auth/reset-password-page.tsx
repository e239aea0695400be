import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { AUTH_TEXT } from "@contract/auth-text";
import { lazyResolver, useLazyResolver } from "@/lib/lazy-resolver";
import { errorText } from "@/lib/api";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { AuthLayout } from "./auth-layout";
import { useResetPassword } from "./api";
import { tr, useI18n } from "@/lib/i18n";

const resolver = lazyResolver<{ password: string }>(() => import("./auth-resolvers").then((r) => r.newPasswordResolver));

export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const [, navigate] = useLocation();
  const { m } = useI18n();
  const form = useForm<{ password: string }>({ resolver: useLazyResolver(resolver), defaultValues: { password: "" } });
  const reset = useResetPassword({
    onSuccess: (res) => {
      toast({ title: m.auth.passwordChanged, description: tr(res.message) });
      navigate("/auth/login");
    },
    onError: (err) => toast({ title: m.auth.passwordNotChanged, description: errorText(err) || AUTH_TEXT.resetInvalid, variant: "destructive" }),
  });
  const { errors } = form.formState;
  if (!token) {
    return (
      <AuthLayout title={m.auth.chooseNewPassword} description={m.auth.resetInvalid}>
        <Link href="/auth/forgot-password" className="font-semibold text-primary">
          {m.auth.askForNewLink}
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={m.auth.chooseNewPassword} description={m.auth.chooseNewPasswordDescription}>
      <form noValidate onSubmit={form.handleSubmit((d) => reset.mutate({ token, ...d }))} className="grid gap-4">
        <FormField id="password" label={m.auth.newPassword} error={errors.password?.message}>
          <Input id="password" type="password" autoComplete="new-password" aria-invalid={!!errors.password} {...form.register("password")} />
        </FormField>
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? m.common.saving : m.auth.saveNewPassword}
        </Button>
      </form>
    </AuthLayout>
  );
}
