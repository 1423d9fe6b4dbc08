/** A choice of several values as labelled checkboxes, each with its name in code type and what it means. */
export function CheckboxChoices<V extends string>({ choices, value, onChange }: { choices: ReadonlyArray<{ value: V; text: string }>; value: readonly V[]; onChange: (next: V[]) => void }) {
  return (
    <div className="grid gap-1.5 sm:grid-cols-2">
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-start gap-2 rounded-md border p-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={value.includes(choice.value)}
            onChange={(e) => onChange(e.target.checked ? [...value, choice.value] : value.filter((v) => v !== choice.value))}
          />
          <span>
            <span className="font-mono text-xs">{choice.value}</span>
            <span className="block text-xs text-muted-foreground">{choice.text}</span>
          </span>
        </label>
      ))}
    </div>
  );
}
