import { LookAndFeelPage } from '../features/branding/look-and-feel-page.tsx';
import { LibraryVideoField } from '../features/video-library/library-video-field.tsx';

/** Look and Feel with the video library's one-video field (app/ composes features). */
export function LookAndFeelRoute() {
  return <LookAndFeelPage VideoField={LibraryVideoField} />;
}
