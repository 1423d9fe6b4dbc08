/** The automation screens as one lazy chunk: the app's entry chunk then holds one import for both (app/routes.tsx). */
export { AutomationPage } from './automation-page';
export { SequenceEditorPage } from './sequence-editor-page';
