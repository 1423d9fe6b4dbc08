import { leadStatusLabel } from '@wholesail/domain';

/**
 * What a rule did for a lead, as its run and the lead's timeline say it: one sentence per action, as it was done
 * or why it was not (the rule's own description, "Enrol in …", is the domain's actionSentence).
 */
export const RULE_DONE = {
  enrolled: (sequence: string) => `Enrolled in “${sequence}”`,
  statusSet: (status: string) => `Status set to “${leadStatusLabel(status)}”`,
  tagged: (tag: string) => `Tagged “${tag}”`,
  untagged: (tag: string) => `Tag “${tag}” removed`,
  assigned: (member: string) => `Assigned to ${member}`,
  taskCreated: (title: string, member: string) => `Task “${title}” created for ${member}`,
  notified: (count: number) => `Notified ${count === 1 ? '1 member' : `${count} members`}`,
} as const;

export const RULE_NOT_DONE = {
  notEnrolled: (sequence: string, why: string) => `Not enrolled in “${sequence}”: ${why}`,
  sequenceGone: 'Not enrolled: the sequence no longer exists',
  statusAlready: (status: string) => `Status already “${leadStatusLabel(status)}”`,
  alreadyTagged: (tag: string) => `Already tagged “${tag}”`,
  notTagged: (tag: string) => `Not tagged “${tag}”, so nothing to remove`,
  alreadyAssigned: (member: string) => `Already assigned to ${member}`,
  notAMember: 'Not assigned: that member is no longer in the organization',
  noRoundRobinMember: 'Not assigned: none of the round robin’s members is in the organization',
  nobodyNotified: 'Nobody notified: none of the named members is in the organization',
} as const;

/** Why a rule whose conditions matched did nothing, or could not run. */
export const RULE_RUN_MESSAGES = {
  ownAction: 'This rule’s own action led to this, so it does not run again from it',
  noMember: 'No member of the organization to act as',
  failed: (error: string) => `The rule could not run: ${error}`,
} as const;
