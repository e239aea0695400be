/** A user as other members and staff see one, and the one form of an email address we store and compare. */
import type { OwnUser, User } from "../../contract/auth";
import { API } from "../../contract/api-paths";
import { hasFinance, type AuthUser } from "../http/auth";

/** The user as the API shows it: never a password or hash. */
export const toPublicUser = (u: Pick<AuthUser, "id" | "email" | "firstName" | "lastName" | "role" | "finance" | "createdAt">): User => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  finance: hasFinance(u),
  createdAt: u.createdAt.toISOString(),
});

/**
 * The member's own user (GET /api/church/me, sign-in answers, PATCH /api/me): the public user
 * plus their phone and photo URL. Never given about someone else (the directory decides that).
 */
export const toOwnUser = (u: AuthUser): OwnUser => ({
  ...toPublicUser(u),
  phone: u.phone,
  photoUrl: u.photoVersion ? API.profile.memberPhoto({ id: u.id, version: u.photoVersion, size: "512" }) : null,
});

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
