/** Names of the sequences and members a rule names, from the lists the app already loads. */
import type { Member, RuleNames, Sequence } from '@wholesail/domain';
import { useMemo } from 'react';
import { useMembers } from '@/features/deals/deals-api';
import { useSequences } from '../sequences-api';

export function ruleNames(sequences: readonly Sequence[], members: readonly Member[]): RuleNames {
  const sequenceNames = new Map(sequences.map((s) => [s.id, s.name]));
  const memberNames = new Map(members.map((m) => [m.id, m.name || m.email]));
  return { sequence: (id) => sequenceNames.get(id) ?? null, member: (id) => memberNames.get(id) ?? null };
}

/** The organization's sequences and members, and the names a rule's sentence uses; `ready` once both lists answered. */
export function useRuleNames() {
  const sequences = useSequences();
  const members = useMembers();
  const names = useMemo(() => ruleNames(sequences.data ?? [], members.data ?? []), [sequences.data, members.data]);
  return { names, sequences: sequences.data ?? [], members: members.data ?? [], ready: !sequences.isPending && !members.isPending };
}
