import { z } from 'zod';
import { formatUsd, type analysisBody, type DealAnalysis } from '@wholesail/domain';
import type { Tx } from '../../db/scope';
import type { OrgContext } from '../../http/context';
import { iso } from '../../db/timestamps';
import { recordEvent } from './events';
import { num } from './repo';
import { nextAnalysisVersion } from './service';

function analysisQuery(tx: Tx, organizationId: string, dealId: string) {
  return tx
    .selectFrom('deal_analyses as a')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .select(['a.id', 'a.deal_id', 'a.version', 'a.inputs', 'a.arv', 'a.repair_estimate', 'a.target_fee', 'a.mao', 'a.max_offer', 'a.created_by', 'u.name as created_by_name', 'a.created_at'])
    .where('a.organization_id', '=', organizationId)
    .where('a.deal_id', '=', dealId);
}

type Row = Awaited<ReturnType<ReturnType<typeof analysisQuery>['executeTakeFirstOrThrow']>>;

const toAnalysis = (r: Row): DealAnalysis => ({
  ...r,
  inputs: (typeof r.inputs === 'string' ? JSON.parse(r.inputs) : r.inputs) as Record<string, unknown>,
  arv: Number(r.arv),
  repair_estimate: Number(r.repair_estimate),
  target_fee: num(r.target_fee),
  mao: num(r.mao),
  max_offer: num(r.max_offer),
  created_by_name: r.created_by_name ?? null,
  created_at: iso(r.created_at),
});

export async function listAnalyses(tx: Tx, organizationId: string, dealId: string): Promise<DealAnalysis[]> {
  return (await analysisQuery(tx, organizationId, dealId).orderBy('a.version', 'desc').limit(100).execute()).map(toAnalysis);
}

/** Saves a calculator run as the deal's next version; the deal takes its ARV, repairs and fee. */
export async function saveAnalysis(tx: Tx, ctx: OrgContext, dealId: string, body: z.infer<typeof analysisBody>): Promise<DealAnalysis> {
  const version = await nextAnalysisVersion(tx, ctx.organizationId, dealId);
  const { id } = await tx
    .insertInto('deal_analyses')
    .values({
      organization_id: ctx.organizationId,
      deal_id: dealId,
      version,
      inputs: JSON.stringify(body.inputs),
      arv: body.arv,
      repair_estimate: body.repair_estimate,
      target_fee: body.target_fee ?? null,
      mao: body.mao ?? null,
      max_offer: body.max_offer ?? null,
      created_by: ctx.user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('deals')
    .set({ arv: body.arv, repair_estimate: body.repair_estimate, ...(body.target_fee === undefined ? {} : { target_fee: body.target_fee }), updated_at: new Date() })
    .where('organization_id', '=', ctx.organizationId)
    .where('id', '=', dealId)
    .execute();
  await recordEvent(tx, ctx, dealId, 'analysis', `Analysis v${version} saved: ARV ${formatUsd(body.arv)}, repairs ${formatUsd(body.repair_estimate)}`);
  return toAnalysis(await analysisQuery(tx, ctx.organizationId, dealId).where('a.id', '=', id).executeTakeFirstOrThrow());
}
