import { useEffect, useRef } from 'react';
import type { Step } from '../../domain/steps/step-model.ts';
import { PANEL_TITLES } from './panels.ts';

/** The panel's heading takes focus on navigation, so keyboard and screen-reader users follow. */
export function PanelHeading({ panel }: { panel: Step }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'nearest' });
  }, [panel]);
  return (
    <h2 className="panel-title" tabIndex={-1} ref={heading} part="panel-title">
      {PANEL_TITLES[panel]}
    </h2>
  );
}
