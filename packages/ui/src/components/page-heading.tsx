import { useEffect, useRef, type ReactNode } from 'react';

export type PageHeadingProps = {
  /** The screen's one h1. */
  children: ReactNode;
  /** The document title, e.g. 'Audit trail · Staff console'. */
  documentTitle: string;
  /** Moves focus to the heading when the screen opens (after navigation). */
  focusOnMount?: boolean;
};

/**
 * A screen's single h1: sets the document title, and takes focus when the screen opens so screen
 * reader and keyboard users start at the new screen's top.
 * @param props - heading text, document title, focusOnMount
 */
export function PageHeading({ children, documentTitle, focusOnMount = true }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  useEffect(() => {
    if (focusOnMount) {
      ref.current?.focus();
    }
  }, [focusOnMount]);
  return (
    <h1 ref={ref} tabIndex={-1} className="ui-page-heading">
      {children}
    </h1>
  );
}
