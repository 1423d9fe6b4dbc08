import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/** 'Copied' shows for 2 seconds (dialer.md §9 "Copied label 2 s"). */
export const COPIED_LABEL_MS = 2000;

type Props = { text: string; label?: string; variant?: 'outline' | 'default'; 'aria-label'?: string };

/** Copies `text` to the clipboard and reads "Copied" for two seconds; a refused clipboard leaves the label as it was. */
export function CopyButton({ text, label = 'Copy', variant = 'outline', ...rest }: Props) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.warn('copy to clipboard failed', error);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };

  return (
    <Button type="button" size="sm" variant={variant} onClick={() => void copy()} aria-label={rest['aria-label']}>
      {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      {copied ? 'Copied' : label}
    </Button>
  );
}
