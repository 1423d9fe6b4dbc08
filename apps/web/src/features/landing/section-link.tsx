import type { ComponentProps } from 'react';
import { scrollToSection } from './landing-anchors';

/** An in-page link to a landing section that scrolls smoothly; a modified click keeps the browser's own behaviour. */
export function SectionLink({ section, onClick, ...props }: Omit<ComponentProps<'a'>, 'href'> & { section: string }) {
  return (
    <a
      href={`#${section}`}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        if (scrollToSection(section)) event.preventDefault();
      }}
      {...props}
    />
  );
}
