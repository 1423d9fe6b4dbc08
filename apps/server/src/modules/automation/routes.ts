import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSequenceBody, enrolBody, enrolResultSchema, leadAutomationSchema, sequenceListSchema, sequenceSchema, updateSequenceBody } from '@wholesail/domain';
import { ACCESS } from '../../http/access';
import { notFound } from '../../http/errors';
import type { RunQueue } from './enrolments';
import * as repo from './repo';
import { AUTOMATION_MESSAGES, deleteSequence, enrol, leadAutomationOr404, removeLead, sequenceOr404 } from './service';

const sequenceParams = z.object({ id: z.uuid('id: expected a sequence id') });
const enrolmentParams = sequenceParams.extend({ leadId: z.uuid('leadId: expected a lead id') });
const leadParams = z.object({ id: z.uuid('id: expected a lead id') });

/** The automation's clock (enrolment and exit times, due times; tests set it) and the engine's queue of step runs. */
export interface AutomationClock {
  clock: () => Date;
  /** Queues the step runs a transaction wrote, for their times; wake() once it committed. */
  queueRuns: RunQueue;
  wake: () => void;
}

/** Sequences and enrolments for members (docs/api-automation.md); the engine (engine.ts) runs the steps. */
export function registerAutomationRoutes(app: FastifyInstance, automation: AutomationClock): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = ACCESS.member;
  const now = () => automation.clock();

  r.get('/api/sequences', { config: member, schema: { response: { 200: sequenceListSchema } } }, ({ ctx }) =>
    ctx.read(async (tx) => ({ items: await repo.listSequences(tx, ctx.organizationId) })),
  );
  r.post('/api/sequences', { config: member, schema: { body: createSequenceBody, response: { 201: sequenceSchema } } }, async ({ ctx, body }, reply) =>
    reply.status(201).send(await ctx.write((tx) => repo.insertSequence(tx, ctx.organizationId, ctx.user.id, body))),
  );
  r.get('/api/sequences/:id', { config: member, schema: { params: sequenceParams, response: { 200: sequenceSchema } } }, ({ ctx, params }) =>
    ctx.read((tx) => sequenceOr404(tx, ctx.organizationId, params.id)),
  );
  r.patch('/api/sequences/:id', { config: member, schema: { params: sequenceParams, body: updateSequenceBody, response: { 200: sequenceSchema } } }, ({ ctx, params, body }) =>
    ctx.write(async (tx) => {
      const sequence = await repo.updateSequence(tx, ctx.organizationId, params.id, body);
      if (!sequence) throw notFound(AUTOMATION_MESSAGES.sequenceNotFound);
      return sequence;
    }),
  );
  r.delete('/api/sequences/:id', { config: member, schema: { params: sequenceParams } }, async ({ ctx, params }, reply) => {
    await ctx.write((tx) => deleteSequence(tx, ctx, params.id, now()));
    return reply.status(204).send();
  });
  r.post('/api/sequences/:id/enrollments', { config: member, schema: { params: sequenceParams, body: enrolBody, response: { 200: enrolResultSchema } } }, async ({ ctx, params, body }) => {
    const result = await ctx.write((tx) => enrol(tx, ctx, params.id, body, now(), (t, runs) => automation.queueRuns(t, runs)));
    automation.wake();
    return result;
  });
  r.delete('/api/sequences/:id/enrollments/:leadId', { config: member, schema: { params: enrolmentParams } }, async ({ ctx, params }, reply) => {
    await ctx.write((tx) => removeLead(tx, ctx, params.id, params.leadId, now()));
    return reply.status(204).send();
  });
  r.get('/api/leads/:id/automation', { config: member, schema: { params: leadParams, response: { 200: leadAutomationSchema } } }, ({ ctx, params }) =>
    ctx.read((tx) => leadAutomationOr404(tx, ctx.organizationId, params.id)),
  );
}
