import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { AUTH_TEXT } from "@contract/auth-text";
import type { AuthResponse, LoginInput } from "@contract/auth";
import { lazyResolver, useLazyResolver } from "@/lib/lazy-resolver";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { AuthLayout } from "./auth-layout";
import { useLogin } from "./api";
import { useI18n } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import type { TwoStepPending } from "@contract/two-step";
import { isPending } from "@/lib/two-step";
import { PasskeySignInButton } from "./passkey-sign-in-button";

/** The second step, when a sign-in needs one (docs/decisions/0102): loaded then. */
const TwoStepStep = lazy(() => import("./two-step-step"));

const resolver = lazyResolver<LoginInput>(() => import("./auth-resolvers").then((r) => r.loginResolver));

export default function LoginPage() {
  const { signedIn } = useAuth();
  const [, navigate] = useLocation();
  const { m } = useI18n();
  const form = useForm<LoginInput>({ resolver: useLazyResolver(resolver), defaultValues: { email: "", password: "" } });
  const [pending, setPending] = useState<TwoStepPending | null>(null);
  const finish = (res: AuthResponse & { twoStepSetup?: true }) => {
    signedIn(res);
    if (!res.twoStepSetup) return navigate("/");
    // The church requires a second step this staff member has not set up: Profile, where it is.
    toast({ title: m.twoStep.setupRequiredTitle, description: m.twoStep.setupRequiredText });
    navigate("/profile");
  };
  const login = useLogin({
    onSuccess: (res) => (isPending(res) ? setPending(res) : finish(res)),
    onError: (err) =>
      toast({ title: AUTH_TEXT.signInFailed, description: errorText(err) || AUTH_TEXT.signInFailedText, variant: "destructive" }),
  });
  const { errors } = form.formState;
  const hydrated = useHydrated();

  if (pending) {
    return (
      <AuthLayout title={m.auth.welcomeBack} description={m.auth.signInDescription}>
        <Suspense fallback={null}>
          <TwoStepStep pending={pending} onDone={finish} onStartOver={() => setPending(null)} />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={m.auth.welcomeBack} description={m.auth.signInDescription}>
      <form noValidate onSubmit={form.handleSubmit((d) => login.mutate(d))} className="grid gap-4">
        <FormField id="email" label={m.common.email} error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" inputMode="email" aria-invalid={!!errors.email} aria-describedby={errors.email ? "email-error" : undefined} {...form.register("email")} />
        </FormField>
        <FormField id="password" label={m.common.password} error={errors.password?.message}>
          <Input id="password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} aria-describedby={errors.password ? "password-error" : undefined} {...form.register("password")} />
        </FormField>
        <Button type="submit" disabled={login.isPending || !hydrated} className="w-full">
          {login.isPending ? m.auth.signingIn : m.auth.signIn}
        </Button>
        <PasskeySignInButton onSignedIn={finish} />
        <div className="flex flex-col items-center gap-1 text-sm">
          <Link href="/auth/forgot-password" className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline">
            {m.auth.forgotPassword}
          </Link>
          <p className="text-muted-foreground">
            {m.auth.newHere}{" "}
            <Link href="/auth/register" className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline">
              {m.auth.createAnAccount}
            </Link>
          </p>
        </div>
      </form>
    </AuthLayout>
  );
}
