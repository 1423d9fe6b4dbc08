import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createRuleBody, dryRunSchema, ruleListSchema, ruleSchema, updateRuleBody } from '@wholesail/domain';
import { ACCESS } from '../../../http/access';
import { dryRun } from './dry-run';
import * as repo from './repo';
import { createRule, deleteRule, ruleOr404, updateRule } from './service';

const ruleParams = z.object({ id: z.uuid('id: expected a rule id') });

/** Automation rules for members, as sequences are (docs/api-automation.md "Rules"); `clock` is the automation's (the dry run's "now"). */
export function registerRuleRoutes(app: FastifyInstance, deps: { clock: () => Date }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = ACCESS.member;

  r.get('/api/automation-rules', { config: member, schema: { response: { 200: ruleListSchema } } }, ({ ctx }) =>
    ctx.read(async (tx) => ({ items: await repo.listRules(tx, ctx.organizationId) })),
  );
  r.post('/api/automation-rules', { config: member, schema: { body: createRuleBody, response: { 201: ruleSchema } } }, async ({ ctx, body }, reply) =>
    reply.status(201).send(await ctx.write((tx) => createRule(tx, ctx, body))),
  );
  r.get('/api/automation-rules/:id', { config: member, schema: { params: ruleParams, response: { 200: ruleSchema } } }, ({ ctx, params }) =>
    ctx.read((tx) => ruleOr404(tx, ctx.organizationId, params.id)),
  );
  r.patch('/api/automation-rules/:id', { config: member, schema: { params: ruleParams, body: updateRuleBody, response: { 200: ruleSchema } } }, ({ ctx, params, body }) =>
    ctx.write((tx) => updateRule(tx, ctx, params.id, body)),
  );
  r.delete('/api/automation-rules/:id', { config: member, schema: { params: ruleParams } }, async ({ ctx, params }, reply) => {
    await ctx.write((tx) => deleteRule(tx, ctx, params.id));
    return reply.status(204).send();
  });
  r.post('/api/automation-rules/:id/dry-run', { config: member, schema: { params: ruleParams, response: { 200: dryRunSchema } } }, ({ ctx, params }) =>
    ctx.read(async (tx) => dryRun(tx, ctx.organizationId, await ruleOr404(tx, ctx.organizationId, params.id), deps.clock())),
  );
}
