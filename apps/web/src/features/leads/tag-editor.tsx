import { normalizeTag } from '@wholesail/domain';
import { PlusIcon, XIcon } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type Props = {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** Tags as chips, each with its remove button, and a box that adds one (normalised as stored) on Enter or with Add. */
export function TagEditor({ id, value, onChange, invalid, describedBy }: Props) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const tag = normalizeTag(draft);
    if (tag && !value.includes(tag)) onChange([...value, tag]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the tag typed; with the box empty it saves the form as in any single-line field.
    if (event.key === 'Enter' && draft.trim() !== '') {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {value.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="pr-1">
                {tag}
                <button type="button" className="rounded-full p-0.5 hover:bg-muted-foreground/20" aria-label={`Remove tag ${tag}`} onClick={() => onChange(value.filter((t) => t !== tag))}>
                  <XIcon className="size-3" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input id={id} value={draft} placeholder="Add a tag" maxLength={60} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} />
        <Button type="button" variant="outline" onClick={add} disabled={draft.trim() === ''}>
          <PlusIcon aria-hidden /> Add
        </Button>
      </div>
    </div>
  );
}
