import type { CreateRule, Rule, RulePatch } from '@wholesail/domain';
import type { Tx } from '../../../db/scope';
import type { OrgContext } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { audit } from '../../audit/audit';
import { checkReferences } from './references';
import * as repo from './repo';

export const RULE_MESSAGES = { notFound: 'Rule not found' } as const;

/** Audit actions of a member's changes to rules. */
export const RULE_AUDIT = { created: 'automation_rule.created', updated: 'automation_rule.updated', deleted: 'automation_rule.deleted' } as const;

const target = (id: string) => ({ type: 'automation_rule', id });

/** The rule of the caller's organization, or 404 (another organization's id reads as unknown). */
export async function ruleOr404(tx: Tx, organizationId: string, id: string): Promise<Rule> {
  const rule = await repo.findRule(tx, organizationId, id);
  if (!rule) throw notFound(RULE_MESSAGES.notFound);
  return rule;
}

export async function createRule(tx: Tx, ctx: OrgContext, body: CreateRule): Promise<Rule> {
  await checkReferences(tx, ctx.organizationId, body.actions);
  const rule = await repo.insertRule(tx, ctx.organizationId, ctx.user.id, body);
  await audit(tx, ctx, RULE_AUDIT.created, target(rule.id), { name: rule.name, trigger: rule.trigger.type, is_active: rule.is_active });
  return rule;
}

export async function updateRule(tx: Tx, ctx: OrgContext, id: string, patch: RulePatch): Promise<Rule> {
  await ruleOr404(tx, ctx.organizationId, id);
  if (patch.actions) await checkReferences(tx, ctx.organizationId, patch.actions);
  const rule = (await repo.updateRule(tx, ctx.organizationId, id, patch))!;
  await audit(tx, ctx, RULE_AUDIT.updated, target(id), { name: rule.name, fields: Object.keys(patch).sort(), is_active: rule.is_active });
  return rule;
}

export async function deleteRule(tx: Tx, ctx: OrgContext, id: string): Promise<void> {
  const deleted = await repo.deleteRule(tx, ctx.organizationId, id);
  if (!deleted) throw notFound(RULE_MESSAGES.notFound);
  await audit(tx, ctx, RULE_AUDIT.deleted, target(id), { name: deleted.name });
}
