/**
 * The link from the email sent to a new address (issue 20): it opens here, signed in or not, and
 * this page sends the token once (POST, so a mail scanner that follows links changes nothing).
 */
import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { errorText } from "@/lib/api";
import { tr, useI18n } from "@/lib/i18n";
import { AuthLayout } from "./auth-layout";
import { useConfirmEmail } from "./security-api";

export default function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { m } = useI18n();
  const T = m.accountSecurity;
  const confirm = useConfirmEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);
  const title = confirm.isSuccess ? T.emailConfirmed : confirm.isError || !token ? T.changeEmail : T.confirmingEmail;
  const text = confirm.isError ? tr(errorText(confirm.error) ?? T.emailConfirmInvalid) : !token ? T.emailConfirmInvalid : undefined;
  return (
    <AuthLayout title={title} description={text ?? ""}>
      <p role="status" className="sr-only">
        {title}
      </p>
      {(confirm.isSuccess || confirm.isError || !token) && (
        <Link href="/profile" className="font-semibold text-primary">
          {T.goToProfile}
        </Link>
      )}
    </AuthLayout>
  );
}
