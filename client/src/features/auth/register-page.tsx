import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { AUTH_TEXT } from "@contract/auth-text";
import type { RegisterInput } from "@contract/auth";
import { lazyResolver, useLazyResolver } from "@/lib/lazy-resolver";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { AuthLayout } from "./auth-layout";
import { useRegister } from "./api";
import { useI18n } from "@/lib/i18n";

const resolver = lazyResolver<RegisterInput>(() => import("./auth-resolvers").then((r) => r.registerResolver));

export default function RegisterPage() {
  const { signedIn } = useAuth();
  const [, navigate] = useLocation();
  const { m } = useI18n();
  const form = useForm<RegisterInput>({
    resolver: useLazyResolver(resolver),
    defaultValues: { firstName: "", lastName: "", email: "", password: "" },
  });
  const register = useRegister({
    onSuccess: (res) => {
      signedIn(res);
      navigate("/");
    },
    onError: (err) => toast({ title: AUTH_TEXT.registrationFailed, description: errorText(err) || AUTH_TEXT.registrationFailedText, variant: "destructive" }),
  });
  const { errors } = form.formState;
  const field = (name: keyof RegisterInput) => ({
    id: name,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <AuthLayout title={m.auth.joinTheFamily} description={m.auth.createYourAccount}>
      <form noValidate onSubmit={form.handleSubmit((d) => register.mutate(d))} className="grid gap-4">
        <div className="grid grid-cols-2 gap-3">
          <FormField id="firstName" label={m.auth.firstName} error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...field("firstName")} />
          </FormField>
          <FormField id="lastName" label={m.auth.lastName} error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...field("lastName")} />
          </FormField>
        </div>
        <FormField id="email" label={m.common.email} error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...field("email")} />
        </FormField>
        <FormField id="password" label={m.common.password} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...field("password")} />
        </FormField>
        <Button type="submit" disabled={register.isPending} className="w-full">
          {register.isPending ? m.auth.creatingAccount : m.auth.createAccount}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {m.auth.haveAccount}{" "}
          <Link href="/auth/login" className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline">
            {m.auth.signInLink}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
