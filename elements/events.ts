/**
 * The events both elements dispatch (spec §2 "Messages posted to the parent window", DESIGN
 * §3): each a CustomEvent with the message's payload as `detail`, bubbling and composed, and
 * the same message posted to the parent window when the element is framed.
 */
export interface TransportQuoteEventDetails {
  /** The visitor moved to the next panel or step: the step now shown. */
  next_step: { step: number };
  /** The visitor moved back: the step now shown. */
  previous_step: { step: number };
  /** A new booking was saved: its id and the token that edits it. */
  travel_creation_succeed: { token: string; travelId: string | number };
  /** An existing booking was updated. */
  travel_update_succeed: { travelId: string | number };
}

/** Events dispatched on the elements, by name, as addEventListener types them. */
export type TransportQuoteEventMap = {
  [Name in keyof TransportQuoteEventDetails]: CustomEvent<TransportQuoteEventDetails[Name]>;
};

/** The events as custom-elements.json documents them. */
export const EVENTS = [
  {
    name: 'next_step',
    type: 'CustomEvent<{ step: number }>',
    description: 'The visitor moved to the next panel or step. Bubbles and is composed; also posted to the parent window when framed.',
  },
  {
    name: 'previous_step',
    type: 'CustomEvent<{ step: number }>',
    description: 'The visitor moved back. Bubbles and is composed; also posted to the parent window when framed.',
  },
  {
    name: 'travel_creation_succeed',
    type: 'CustomEvent<{ token: string, travelId: string | number }>',
    description: 'A new booking was saved. Bubbles and is composed; also posted to the parent window when framed.',
  },
  {
    name: 'travel_update_succeed',
    type: 'CustomEvent<{ travelId: string | number }>',
    description: 'An existing booking was updated. Bubbles and is composed; also posted to the parent window when framed.',
  },
] as const satisfies readonly { name: keyof TransportQuoteEventDetails; type: string; description: string }[];
