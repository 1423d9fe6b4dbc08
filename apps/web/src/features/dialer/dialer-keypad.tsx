/** The 12-key keypad of dialer.md §2: each key sends its tone; the keys pressed so far are shown under it. */
import { Button } from '@/components/ui/button';

export const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

export function DialerKeypad({ digits, onKey }: { digits: string; onKey: (key: string) => void }) {
  return (
    <div className="grid gap-2" aria-label="Keypad" role="group">
      <div className="grid grid-cols-3 gap-2">
        {KEYPAD_KEYS.map((key) => (
          <Button key={key} variant="outline" onClick={() => onKey(key)} aria-label={`Key ${key}`}>
            {key}
          </Button>
        ))}
      </div>
      <p className="min-h-5 text-center font-mono text-sm tracking-widest" aria-label="Keys pressed" aria-live="polite">
        {digits}
      </p>
    </div>
  );
}
