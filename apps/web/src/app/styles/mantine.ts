// All of Mantine's styles, in the order the app always had them (mantine.css). Loaded before any page other than the
// first one renders (`lazyPage`) and before the overlays that float above pages (notifications, modals): repeated
// after the first page's share (`first-page.ts`), the progress bar's (`overlays.tsx`) and the app's own styles, they
// leave every rule where it was.
import './mantine.css';
