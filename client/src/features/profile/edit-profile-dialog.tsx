/**
 * Profile → Edit (issue 20): names, phone and language (saved together), and the photo
 * (chosen, replaced or removed at once, sent as the file itself). Messages come from the server,
 * field by field, in the member's language.
 */
import { useRef, useState, type FormEvent } from "react";
import { Camera, Pencil, Trash2 } from "lucide-react";
import type { OwnUser } from "@contract/auth";
import { PHOTO_TYPES } from "@contract/profile-text";
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from "@contract/i18n/locales";
import { useI18n, tr } from "@/lib/i18n";
import { errorText } from "@/lib/api";
import { toast } from "@/components/ui/use-toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Avatar } from "@/components/avatar";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { fieldErrors, useRemovePhoto, useUpdateProfile, useUploadPhoto } from "./api";

function PhotoRow({ user }: { user: OwnUser }) {
  const { m } = useI18n();
  const t = m.profileEdit;
  const file = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const failed = (err: Error) => {
    const msg = fieldErrors(err).photo;
    setError(msg);
    if (!msg) toast({ title: m.common.somethingWrong, description: errorText(err), variant: "destructive" });
  };
  const upload = useUploadPhoto({ onSuccess: () => (setError(undefined), toast({ title: t.photoSaved })), onError: failed });
  const remove = useRemovePhoto({ onSuccess: () => (setError(undefined), toast({ title: t.photoRemoved })), onError: failed });
  const busy = upload.isPending || remove.isPending;
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-4">
        <Avatar user={user} className="size-20 text-2xl" />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={busy} onClick={() => file.current?.click()}>
            <Camera aria-hidden="true" /> {upload.isPending ? t.uploading : user.photoUrl ? t.replacePhoto : t.choosePhoto}
          </Button>
          {user.photoUrl && (
            <Button type="button" variant="ghost" className="text-destructive" disabled={busy} onClick={() => remove.mutate()}>
              <Trash2 aria-hidden="true" /> {t.removePhoto}
            </Button>
          )}
        </div>
      </div>
      <input
        ref={file}
        id="profile-photo"
        type="file"
        accept={PHOTO_TYPES.join(",")}
        aria-label={t.photo}
        className="sr-only"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = "";
          if (chosen) upload.mutate(chosen);
        }}
      />
      <p className="text-sm text-muted-foreground">{t.photoHint}</p>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {tr(error)}
        </p>
      )}
    </div>
  );
}

function EditForm({ user, onDone }: { user: OwnUser; onDone: () => void }) {
  const { m, locale, setLocale } = useI18n();
  const t = m.profileEdit;
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [phone, setPhone] = useState(user.phone ?? "");
  const [language, setLanguage] = useState<Locale>(locale);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateProfile({
    onSuccess: () => {
      if (language !== locale) setLocale(language);
      toast({ title: t.saved });
      onDone();
    },
    onError: (err) => {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast({ title: m.common.somethingWrong, description: errorText(err), variant: "destructive" });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate({ firstName, lastName, phone: phone.trim() === "" ? null : phone, locale: language });
  };
  const described = (id: string) => (errors[id] ? { "aria-invalid": true, "aria-describedby": `profile-${id}-error` } : {});
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <PhotoRow user={user} />
      <FormField id="profile-firstName" label={t.firstName} error={errors.firstName}>
        <Input id="profile-firstName" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} {...described("firstName")} />
      </FormField>
      <FormField id="profile-lastName" label={t.lastName} error={errors.lastName}>
        <Input id="profile-lastName" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} {...described("lastName")} />
      </FormField>
      <FormField id="profile-phone" label={t.phone} error={errors.phone}>
        <Input id="profile-phone" type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} {...described("phone")} />
      </FormField>
      <p className="-mt-2 text-sm text-muted-foreground">{t.phoneHint}</p>
      <FormField id="profile-locale" label={t.language} error={errors.locale}>
        <select
          id="profile-locale"
          value={language}
          onChange={(e) => isLocale(e.target.value) && setLanguage(e.target.value)}
          className="h-11 rounded-md border border-input bg-background px-3 text-base"
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The Edit button on Profile and its dialog. */
export function EditProfileButton({ user }: { user: OwnUser }) {
  const { m } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil aria-hidden="true" /> {m.profileEdit.edit}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{m.profileEdit.title}</DialogTitle>
          <DialogDescription>{m.profileEdit.intro}</DialogDescription>
        </DialogHeader>
        {open && <EditForm user={user} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
