import { LEAD_STATUS_INFO, LEAD_STATUSES } from '@wholesail/domain';

/** The live lead statuses as select options, in pipeline order (a rule never sets or matches 'deleted'). */
export function StatusOptions() {
  return LEAD_STATUSES.filter((s) => s !== 'deleted').map((s) => (
    <option key={s} value={s}>
      {LEAD_STATUS_INFO[s].label}
    </option>
  ));
}
