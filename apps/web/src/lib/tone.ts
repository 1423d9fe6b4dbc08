/** What a colour means, set as `data-tone` beside the colour class so tests and assistive styling read the meaning. */
export type Tone = 'success' | 'warning' | 'destructive';
