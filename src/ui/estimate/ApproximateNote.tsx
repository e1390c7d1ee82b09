import { MESSAGES } from '../../domain/messages.ts';
import { Icon } from '../controls/icons.tsx';

/** The figures come from the straight line (spec §9, DESIGN §4), and the screen says so. */
export function ApproximateNote() {
  return (
    <p className="banner banner-info" role="status">
      <Icon name="info" />
      <span className="banner-body">{MESSAGES.approximateRoute}</span>
    </p>
  );
}
