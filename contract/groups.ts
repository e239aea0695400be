import { z } from "./zod-setup";
import { displayText } from "./display-text";

/**
 * Small groups (spec section 2, Connect; decision 0107): staff author them, members join (or ask
 * to join), leaders see their roster and approve requests.
 */
export * from "./groups-text";
import {
  GROUP_CAPACITY_MAX,
  GROUP_DESCRIPTION_MAX,
  GROUP_LEADERS_MAX,
  GROUP_NAME_MAX,
  GROUP_PLACE_MAX,
  GROUP_ROSTER_PAGE_SIZE,
  GROUPS_PAGE_MAX,
  GROUPS_PAGE_SIZE,
  GROUPS_TEXT,
  JOIN_POLICIES,
  MY_GROUP_STATUSES,
} from "./groups-text";

export const ZGroupLeader = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

/** A group as a member sees it. `myStatus` is the asker's own relation to it. */
export const ZGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** 0 = Sunday ... 6 = Saturday; null when the group has no fixed day. */
  meetingDay: z.number().int().nullable(),
  /** "HH:MM", 24-hour, the church's clock. */
  meetingTime: z.string().nullable(),
  meetingPlace: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  capacity: z.number().int().nullable(),
  joinPolicy: z.enum(JOIN_POLICIES),
  memberCount: z.number().int(),
  isFull: z.boolean(),
  leaders: z.array(ZGroupLeader),
  myStatus: z.enum(MY_GROUP_STATUSES),
  /** Requests waiting for a leader: for the group's leaders (and staff); null for everyone else. */
  pendingCount: z.number().int().nullable(),
});
export type Group = z.infer<typeof ZGroup>;

/** A group as staff see it in Admin: also archived ones, and how many requests wait. */
export const ZAdminGroup = ZGroup.extend({
  archivedAt: z.string().nullable(),
});
export type AdminGroup = z.infer<typeof ZAdminGroup>;

/** A page query (decision 0125): `cursor` is the previous page's `nextCursor`, absent for the first page. */
const pageQuery = (size: number) =>
  z.object({
    cursor: z.string().max(1000, GROUPS_TEXT.badCursor).optional(),
    limit: z.coerce.number().int().min(1).max(GROUPS_PAGE_MAX).default(size),
  });
/** GET /api/groups and GET /api/admin/groups: groups by name, a page at a time. */
export const ZGroupListQuery = pageQuery(GROUPS_PAGE_SIZE);
/** GET /api/groups/:id/members: the roster's members (leaders first, then by name), a page at a time. */
export const ZRosterQuery = pageQuery(GROUP_ROSTER_PAGE_SIZE);

export const ZGroupPage = z.object({
  groups: z.array(ZGroup),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type GroupPage = z.infer<typeof ZGroupPage>;
export const ZAdminGroupPage = z.object({ groups: z.array(ZAdminGroup), nextCursor: z.string().nullable() });
export type AdminGroupPage = z.infer<typeof ZAdminGroupPage>;

const optionalText = (max: number, message: string) =>
  displayText()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

const httpsUrl = z
  .string()
  .trim()
  .max(2000, GROUPS_TEXT.urlInvalid)
  .refine((v) => {
    if (v === "") return true;
    try {
      return new URL(v).protocol === "https:";
    } catch {
      return false;
    }
  }, GROUPS_TEXT.urlInvalid)
  .nullish()
  .transform((v) => v || null);

const fields = {
  name: displayText().trim().min(1, GROUPS_TEXT.nameRequired).max(GROUP_NAME_MAX, GROUPS_TEXT.nameTooLong),
  description: displayText().trim().min(1, GROUPS_TEXT.descriptionRequired).max(GROUP_DESCRIPTION_MAX, GROUPS_TEXT.descriptionTooLong),
  meetingDay: z.number({ error: GROUPS_TEXT.dayInvalid }).int(GROUPS_TEXT.dayInvalid).min(0, GROUPS_TEXT.dayInvalid).max(6, GROUPS_TEXT.dayInvalid).nullable(),
  meetingTime: z
    .string({ error: GROUPS_TEXT.timeInvalid })
    .trim()
    .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), GROUPS_TEXT.timeInvalid)
    .nullish()
    .transform((v) => v || null),
  meetingPlace: optionalText(GROUP_PLACE_MAX, GROUPS_TEXT.placeTooLong),
  meetingUrl: httpsUrl,
  capacity: z
    .number({ error: GROUPS_TEXT.capacityInvalid })
    .int(GROUPS_TEXT.capacityInvalid)
    .min(1, GROUPS_TEXT.capacityInvalid)
    .max(GROUP_CAPACITY_MAX, GROUPS_TEXT.capacityInvalid)
    .nullable(),
  joinPolicy: z.enum(JOIN_POLICIES, { error: GROUPS_TEXT.policyInvalid }),
  /** Members named as leaders: each becomes a member of the group. The list replaces the old one. */
  leaderIds: z.array(z.uuid(GROUPS_TEXT.unknownLeader)).max(GROUP_LEADERS_MAX, GROUPS_TEXT.tooManyLeaders),
};

export const ZNewGroup = z.object({
  ...fields,
  meetingDay: fields.meetingDay.default(null),
  capacity: fields.capacity.default(null),
  joinPolicy: fields.joinPolicy.default("open"),
  leaderIds: fields.leaderIds.default([]),
});
export type NewGroup = z.input<typeof ZNewGroup>;

/** A change: only the fields sent are changed. */
export const ZGroupChange = z
  .object(fields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), GROUPS_TEXT.nothingToChange);
export type GroupChange = z.input<typeof ZGroupChange>;

export const ZGroupParams = z.object({ id: z.uuid() });
export const ZGroupRequestParams = z.object({ id: z.uuid(), userId: z.uuid() });
export const ZGroupRequestAction = z.object({ id: z.uuid(), userId: z.uuid(), action: z.enum(["approve", "decline"]) });

/** A person as staff pick them (leaders) and as a roster lists them: name and email. */
const ZPerson = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
/**
 * A group's people, for its leaders and staff (decision 0107). `phone` (E.164) only when the
 * member shares it in the directory (listed, with "Show my phone" on: the directory's own rule,
 * decision 0118); null otherwise.
 */
export const ZRosterPerson = ZPerson.extend({ phone: z.string().nullable() });
/**
 * A roster page: the group (its `memberCount` is the whole roster's), a page of its members,
 * leaders first then by name, and the requests waiting, oldest first, on the first page only
 * (later pages carry none: they are one group's, and a leader answers them from the top).
 */
export const ZGroupRoster = z.object({
  group: ZGroup,
  members: z.array(ZRosterPerson.extend({ isLeader: z.boolean(), joinedAt: z.string() })),
  requests: z.array(ZRosterPerson.extend({ requestedAt: z.string() })),
  /** Pass as `cursor` for the roster's next page of members; null on the last. */
  nextCursor: z.string().nullable(),
});
export type GroupRoster = z.infer<typeof ZGroupRoster>;

/** People staff may name as leaders: a name or email search. */
export const ZPeopleSearch = z.object({ q: z.string().trim().max(100).default("") });
export const ZGroupPerson = ZPerson;
export type GroupPerson = z.infer<typeof ZGroupPerson>;
