/**
 * Emmett's DeciderSpecification `then([...])` matches the expected events as a subset, in any order.
 * Where the order of the decided events matters (a session opened after the survey's offer, a code
 * issued after the registration), fold the history and compare the decision with `toEqual`:
 *
 *   const decide = decisionOf(userDecider);
 *   expect(decide([registered, codeIssued], logIn())).toEqual([surveyAnswered, offer, loggedIn]);
 */
export interface FoldableDecider<Command, Event, State> {
  decide(command: Command, state: State): Event | Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** (history, command) → exactly the events decided, in order (a single event becomes a list of one). */
export function decisionOf<Command, Event, State>(
  decider: FoldableDecider<Command, Event, State>,
): (history: Event[], command: Command) => Event[] {
  return (history, command) => {
    const state = history.reduce((s, e) => decider.evolve(s, e), decider.initialState());
    const decided = decider.decide(command, state);
    return Array.isArray(decided) ? decided : [decided];
  };
}
