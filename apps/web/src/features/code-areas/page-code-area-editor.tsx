import type { PageCodeArea } from '@studio/domain';
import { CodeAreaEditor } from './code-area-editor.tsx';
import { type CodeAreasOwner, useSaveCodeArea } from './code-areas-api.ts';

/** One of an owner's six page code areas in its editor, saved to the owner's code areas. */
export function PageCodeAreaEditor({
  owner,
  area,
  code,
}: {
  owner: CodeAreasOwner;
  area: PageCodeArea;
  code: string;
}) {
  const save = useSaveCodeArea(owner, area);
  return <CodeAreaEditor area={area} code={code} onSave={(next) => save.mutateAsync(next)} />;
}
