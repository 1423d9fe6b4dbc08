import { TEMPLATE_FALLBACKS } from '../sms/templates';

/**
 * Merge fields of sequence texts and emails. Syntax: a field name in single braces, `{first_name}`, as the
 * conversation composer's saved templates write it (sms/templates.ts). Any `{word}` made of letters, digits and
 * underscores is read as a merge field, so a template naming an unknown one (`{firstname}`) is refused rather than
 * sent with the braces in it; braces around anything else (`{ }`, `{see below}`) are plain text.
 */
export const MERGE_FIELDS = ['first_name', 'street', 'city', 'agent_name'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = { [F in MergeField]?: string | null };

/** What a field reads when the lead (or the member) has no value for it: "Hi there", never "Hi ,". */
export const MERGE_FALLBACKS: { readonly [F in MergeField]: string } = {
  first_name: TEMPLATE_FALLBACKS.first_name,
  street: TEMPLATE_FALLBACKS.property_address,
  city: 'your area',
  agent_name: 'our team',
};

const TOKEN = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const isMergeField = (name: string): name is MergeField => (MERGE_FIELDS as readonly string[]).includes(name);

/** The unknown fields a template names, each once in the order written. */
export function unknownMergeFields(template: string): string[] {
  return [...new Set([...template.matchAll(TOKEN)].map((m) => m[1]!).filter((name) => !isMergeField(name)))];
}

const braced = (names: readonly string[]) => names.map((n) => `{${n}}`);
const list = (items: readonly string[], last: 'and' | 'or') =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;

/** 'uses {firstname}, which is not a merge field; use {first_name}, {street}, {city} or {agent_name}'; null when every field is known. */
export function mergeFieldProblem(template: string): string | null {
  const unknown = unknownMergeFields(template);
  if (!unknown.length) return null;
  const which = unknown.length === 1 ? 'which is not a merge field' : 'which are not merge fields';
  return `uses ${list(braced(unknown), 'and')}, ${which}; use ${list(braced(MERGE_FIELDS), 'or')}`;
}

/** Fills each known field with its value, trimmed, or its fallback when blank. Unknown fields stay as written (validation refuses them first). */
export function renderTemplate(template: string, values: MergeValues): string {
  return template.replace(TOKEN, (token, name: string) => {
    if (!isMergeField(name)) return token;
    const value = values[name]?.trim();
    return value ? value : MERGE_FALLBACKS[name];
  });
}
