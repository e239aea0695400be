/** A user as other members and staff see one, and the one form of an email address we store and compare. */
import type { User } from "../../contract/auth";
import { hasFinance, type AuthUser } from "../http/auth";

/** The user as the API shows it: never a password or hash. */
export const toPublicUser = (u: AuthUser): User => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  finance: hasFinance(u),
  createdAt: u.createdAt.toISOString(),
});

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
