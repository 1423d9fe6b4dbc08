/** The addresses of the automation screens (app/routes.tsx mounts them, with the same paths written out). */
export const AUTOMATION_PATH = '/automation';
/** The editor of a sequence not saved yet: `:id` reads "new". */
export const NEW_SEQUENCE_ID = 'new';
export const NEW_SEQUENCE_PATH = `/automation/sequences/${NEW_SEQUENCE_ID}`;
export const sequencePath = (id: string) => `/automation/sequences/${encodeURIComponent(id)}`;
