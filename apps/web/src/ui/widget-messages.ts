/**
 * The picker inside an event (series, template) shows only its workspace's videos (spec 000 §6);
 * this says which, so an event without a team does not silently hide the teams' videos.
 * (The widgets' spec strings are `widgetMessages` of @studio/domain.)
 */
export function workspaceScopeNote(workspace: { id: string | null; name?: string | undefined }): string {
  if (workspace.id === null) return 'Showing videos without a team, like this event.';
  return workspace.name
    ? `Showing videos of the team ${workspace.name}, like this event.`
    : "Showing videos of this event's team.";
}
