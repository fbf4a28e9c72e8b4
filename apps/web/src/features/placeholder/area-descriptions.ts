/**
 * What each area not built yet will hold, by its route-table title (spec 001 §2.5). A later issue
 * replaces each with the area itself; until then the page says this and invents nothing.
 */
export const areaDescriptions: Readonly<Record<string, string>> = {
  Programs: 'The programme of the event: its agenda, speakers, staff, check-in staff, rooms and booths.',
  Agenda:
    'The sessions (broadcasts), agenda items and tracks of the event, in their order, with the simulive test run of each session.',
  Speakers: 'The people who speak at the event, with their profiles and the sessions they are in.',
  Staff: 'The people who run the event behind the scenes and what each may do.',
  'Check-in Staff': 'The people who check attendees in at the venue.',
  Rooms: 'The rooms of the event — create, reorder, breakout rooms and booth rooms for sponsors.',
  Booths: 'The sponsor booths of the event and their owners.',
  Registration: 'How people register: the registration page, the registrants, tracking pixels and the form.',
  'Registration Page': 'The public page where people register for the event.',
  'Registration Page Builder': 'The editor of the registration page.',
  Registrants: 'The people who registered, with their answers and attendance.',
  'Tracking Pixels': 'The tracking pixels fired on the registration page.',
  'Registration Form': 'The fields people fill in to register.',
  Analytics:
    'The numbers of the event: registrations, attendance, engagement, sessions, booths, rooms and emails.',
  'Analytics Summary': 'The headline numbers of the event.',
  'Pre-Event Analytics': 'Registrations and interest before the event starts.',
  Engagement: 'How attendees took part: chat, questions, polls and time watched.',
  Sessions: 'Attendance and engagement per session.',
  Emails: 'Deliveries, opens and clicks of the event’s emails.',
  'Email Templates':
    'The emails sent for this event (registration, reminders, follow-ups): list, create, edit, duplicate and delete.',
  'Email Schedule': 'When each email goes out, with a test send and custom emails.',
  Email: 'The emails of this webinar: their templates and their schedule.',
  Integrations:
    'Connections to CRMs and marketing tools (Salesforce, Marketo, HubSpot …), with their settings and field mappings.',
  Integration: 'The settings and field mapping of one connected application.',
  'Integration Summary': 'Which applications are connected here and how their data flows.',
  'Integration Info': 'Which applications a template passes on to the events made from it.',
  'On-Demand Page Builder': 'The page that plays the event on demand once it is over.',
  'On-Demand Embed Builder': 'The embeddable player of the on-demand webinar.',
  Page: 'The public page of the webinar.',
  Videos: 'The videos of the webinar: its recording and the clips made from it.',
  Social: 'Social posts drawn from the webinar.',
  Blog: 'A blog post drawn from the webinar.',
  Takeaways: 'The key takeaways of the webinar.',
  Transcript: 'The transcript of the webinar.',
  Applications: 'The applications connected to your organisation.',
  'Application Settings': 'The settings of one connected application.',
  Authentications: 'The accounts the studio signs in to for your integrations.',
  'Authentication Settings': 'The settings of one integration account.',
  'JavaScript Embeds': 'Scripts you embed on event pages.',
  'JavaScript Embed': 'One embedded script.',
  Domains: 'The custom domains of your registration pages.',
  Forms: 'Registration forms shared across events.',
  Form: 'One shared registration form.',
  'Form Field Mapping': 'How a shared form’s fields map to a CRM object.',
  'Hub Page Builder': 'The editor of a hub page.',
  Recording: 'A recording’s page.',
  'Content Lab': 'Turn your event videos into clips, posts and blogs.',
};

export const genericDescription = (title: string) =>
  `${title} is not set up yet. This area will open here once it is built.`;
