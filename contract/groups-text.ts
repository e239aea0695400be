/**
 * Small groups (decision 0107): limits and the server's texts, without zod, so the message files
 * (contract/i18n) carry them without the validation library (decision 0072). contract/groups.ts,
 * which holds the schemas, re-exports this module. The spec's member texts ("Join", "Member",
 * "Joined group!") stay in contract/connect-text.ts and the connect messages.
 */
export const GROUP_NAME_MAX = 80;
export const GROUP_DESCRIPTION_MAX = 1000;
export const GROUP_PLACE_MAX = 200;
export const GROUP_CAPACITY_MAX = 1000;
export const GROUP_LEADERS_MAX = 10;
/**
 * Keyset pages (decision 0125): the members' list, Admin's list and a roster's members come a
 * page at a time, so no answer grows with the church. `limit` may ask for up to the max.
 */
export const GROUPS_PAGE_SIZE = 20;
export const GROUP_ROSTER_PAGE_SIZE = 50;
export const GROUPS_PAGE_MAX = 100;
export const JOIN_POLICIES = ["open", "ask"] as const;
export type JoinPolicy = (typeof JOIN_POLICIES)[number];
/** What a member is to a group: shown on the group's card. */
export const MY_GROUP_STATUSES = ["none", "pending", "member", "leader"] as const;
export type MyGroupStatus = (typeof MY_GROUP_STATUSES)[number];

export const GROUPS_TEXT = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be less than ${GROUP_NAME_MAX} characters`,
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description must be less than ${GROUP_DESCRIPTION_MAX} characters`,
  dayInvalid: "Choose a day of the week, or none",
  timeInvalid: "Enter the time as HH:MM (24-hour), or leave it empty",
  placeTooLong: `Place must be less than ${GROUP_PLACE_MAX} characters`,
  urlInvalid: "Enter the full https:// link to the online meeting, or leave it empty",
  capacityInvalid: `Capacity is a whole number from 1 to ${GROUP_CAPACITY_MAX}, or empty for no limit`,
  policyInvalid: "Choose open or ask to join",
  tooManyLeaders: `A group can have at most ${GROUP_LEADERS_MAX} leaders`,
  unknownLeader: "One of the leaders is not a member of the church",
  duplicateName: "A group with this name already exists (it may be archived)",
  capacityBelowMembers: "Capacity cannot be less than the number of members already in the group",
  full: "This group is full",
  fullForLeaders: "This group is full: raise its capacity to add a new leader",
  requestNotFound: "No pending request from this member",
  rosterForbidden: "Only this group's leaders can see its members",
  nothingToChange: "Nothing to change",
  badCursor: "This page of groups is no longer available. Reload the list.",
} as const;
