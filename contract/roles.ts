/** Roles of the spec (section 6). OWNER, PASTOR and STAFF administer; MEMBER is everyone else. */
export const ROLES = ["OWNER", "PASTOR", "STAFF", "MEMBER"] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ["OWNER", "PASTOR", "STAFF"];
export const isStaff = (role: string | undefined | null): boolean =>
  !!role && (STAFF_ROLES as readonly string[]).includes(role);
