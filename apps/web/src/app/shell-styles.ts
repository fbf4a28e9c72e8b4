// The Mantine styles the signed-in shell and the home add to the first screen's
// (first-screen-styles.ts), in Mantine's own order; the menus and tooltips bring theirs when they
// load, every other page the whole stylesheet (studio-styles.ts, loaded by route-pages.ts).
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/ThemeIcon.css';
