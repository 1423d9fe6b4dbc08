/** A shared schema's message ("license_state: enter the two-letter state…") as a sentence for the screen. */
export function sentence(message: string): string {
  const text = message.replace(/^[\w.]+: /, '').trim();
  if (!text) return text;
  const capital = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
