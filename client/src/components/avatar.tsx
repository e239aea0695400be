import { useMemberPhoto } from "@/lib/member-photo";
import { cn } from "@/lib/utils";

export const initialsOf = (firstName: string, lastName: string) => `${firstName[0] ?? ""}${lastName[0] ?? ""}`.toUpperCase();

/**
 * A member's avatar: their photo when they have one (Profile → Edit), their initials otherwise
 * (and while the photo loads). Decorative: the name is always written next to it.
 */
export function Avatar({ user, className }: { user: { firstName: string; lastName: string; photoUrl?: string | null }; className?: string }) {
  const src = useMemberPhoto(user.photoUrl);
  return (
    <span aria-hidden="true" data-testid="avatar" className={cn("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-bold text-primary-foreground", className)}>
      {src ? <img src={src} alt="" data-testid="avatar-photo" className="size-full object-cover" /> : initialsOf(user.firstName, user.lastName)}
    </span>
  );
}
