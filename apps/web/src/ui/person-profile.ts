/** The profile a person shows: their name, title, company, picture and links. */
export type ProfileField =
  'first_name' | 'last_name' | 'title' | 'company' | 'linkedin_url' | 'twitter_url' | 'profile_picture_url';
export type ProfileText = Record<ProfileField, string>;

/** A person's profile as form text, the fields they left unset empty. */
export const profileText = (person: { [field in ProfileField]?: string | null }): ProfileText => ({
  first_name: person.first_name ?? '',
  last_name: person.last_name ?? '',
  title: person.title ?? '',
  company: person.company ?? '',
  linkedin_url: person.linkedin_url ?? '',
  twitter_url: person.twitter_url ?? '',
  profile_picture_url: person.profile_picture_url ?? '',
});
